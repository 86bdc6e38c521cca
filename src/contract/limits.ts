/**
 * How long a text and how many items a list in a request body may be: generous for real documents, and
 * small enough that no request makes the service walk, store or answer an unbounded amount. The forms,
 * the sandbox and its OpenAPI document (maxLength, maxItems) all read them here; README.md lists them.
 */
export const limits = {
  maxLength: {
    /** The interface's own limit. */
    productCode: 35,
    /**
     * Warehouse codes, attribute keys, rate groups, carrier and service level codes, units, currencies,
     * package types.
     */
    code: 50,
    /**
     * Primary, secondary, transport, line and package references, additionalReferences, tracking numbers,
     * attribute values, custom field keys.
     */
    reference: 100,
    tag: 100,
    /** People, organizations, address lines, cities, states, carriers, job costing branches. */
    name: 200,
    /** Product descriptions, custom field values, reasons given to operator actions. */
    description: 500,
    /** The order's note, each additional note, and a job costing object written out. */
    note: 2000,
    /** The longest address RFC 5321 lets a mailbox have. */
    email: 254,
    phone: 40,
    postalCode: 20,
  },
  maxItems: {
    /** Lines of an order or receive, and lines named in an operator action. */
    lines: 500,
    additionalReferences: 20,
    tags: 50,
    additionalNotes: 20,
    partAttributes: 20,
    productAttributes: 20,
    customFields: 50,
    /** Sublines of one line in an operator action: a serialized line has one a unit. */
    sublines: 1000,
    packages: 100,
    packedLines: 500,
  },
} as const;
