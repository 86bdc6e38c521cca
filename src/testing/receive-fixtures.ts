import { type Receive, receiveSchema } from '@/contract/receive';

/**
 * A purchase order announced as 10 cameras and 20 cables, delivered over two shipments (one canceled, its
 * serial number to be left out), finalized with 8 cameras (serial numbers captured) and 22 cables: short on
 * one line, over on the other.
 * Parsed through the contract so the shape is exactly what the pages receive.
 */
export const shortAndOverReceive: Receive = receiveSchema.parse({
  id: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
  status: 'FIN',
  warehouseCode: 'LAW',
  primaryReference: 'PO-2001',
  secondaryReference: 'ASN-77',
  transportReference: 'MSCU1234567',
  eta: '2026-11-18',
  dateCreated: '2026-11-15T09:00:00Z',
  dateLastUpdated: '2026-11-21T16:30:00Z',
  shipFromAddress: {
    address: {
      organization: 'Lens Works Ltd',
      addressLine1: '5 Harbour Rd',
      city: 'Felixstowe',
      country: 'GB',
    },
  },
  receiveLines: [
    { lineNumber: '1', productCode: 'CAM-100', quantity: 10, quantityUnit: 'UNT' },
    { lineNumber: '2', productCode: 'CABLE-2M', quantity: 20, quantityUnit: 'UNT' },
  ],
  shipments: [
    {
      id: 'ship-canceled',
      status: 'CAN',
      receiveLines: [
        {
          lineNumber: '1',
          productCode: 'CAM-100',
          quantity: 1,
          sublines: [{ quantity: 1, partAttributes: [{ key: 'SN', value: 'SN-VOID' }] }],
        },
      ],
      milestones: [
        { code: 'WHE', sequence: '1', actualDate: '2026-11-15T09:00:00Z' },
        { code: 'CAN', sequence: '2', actualDate: '2026-11-16T09:00:00Z' },
      ],
    },
    {
      id: 'ship-arrived',
      status: 'FIN',
      receiveLines: [
        {
          lineNumber: '1',
          productCode: 'CAM-100',
          quantity: 8,
          sublines: Array.from({ length: 8 }, (_, index) => ({
            quantity: 1,
            partAttributes: [{ key: 'SN', value: `SN-${index + 1}` }],
          })),
        },
        {
          lineNumber: '2',
          productCode: 'CABLE-2M',
          quantity: 22,
          sublines: [
            {
              quantity: 22,
              partAttributes: [
                { key: 'LOT', value: 'L-9' },
                { key: 'EXP', value: '2028-01-31' },
              ],
            },
          ],
        },
      ],
      milestones: [
        { code: 'WHE', sequence: '1', actualDate: '2026-11-16T09:00:00Z' },
        { code: 'FIN', sequence: '2', actualDate: '2026-11-21T16:30:00Z' },
      ],
    },
  ],
});

/** A return still expected, its ETA two days before "now" in the tests. */
export const overdueReturn: Receive = receiveSchema.parse({
  id: 'return-1',
  status: 'PRS',
  subtype: 'RET',
  warehouseCode: 'DFW',
  primaryReference: 'RMA-501',
  transportReference: '1Z999AA1',
  eta: '2026-11-20',
  shipFromAddress: {
    address: { addressLine1: '12 Elm Street', city: 'Dallas', country: 'US' },
    contact: { personName: 'Dana Customer' },
  },
  receiveLines: [{ lineNumber: '1', productCode: 'LAMP-1', quantity: 2 }],
  shipments: [
    {
      id: 'ret-ship',
      status: 'PRS',
      receiveLines: [{ lineNumber: '1', productCode: 'LAMP-1', quantity: 1 }],
    },
  ],
});

type ShipmentLineSketch = {
  lineNumber?: string | number;
  externalLineReference?: string;
  productCode: string;
  quantity: number;
  sublines?: { quantity: number; partAttributes: { key: string; value: string }[] }[];
};

/** Builds a receive through the contract's schema, so fixtures have exactly the parsed shape. */
export function buildReceive(
  status: string,
  lines: { lineNumber?: string; externalLineReference?: string; productCode: string; quantity: number }[],
  shipments: { id?: string; status: string; receiveLines: ShipmentLineSketch[] }[] = [],
): Receive {
  return receiveSchema.parse({
    id: 'r1',
    status,
    primaryReference: 'PO-1',
    receiveLines: lines,
    shipments: shipments.map((shipment, index) => ({ id: shipment.id ?? `s${index + 1}`, ...shipment })),
  });
}

/**
 * A return of `originalOrder` announcing `announced` units per product, of which `received` arrived on one
 * shipment; created at `dateCreated`.
 */
export function buildReturn({
  reference,
  originalOrder,
  status = 'PRS',
  dateCreated = '2026-11-22T10:00:00Z',
  announced,
  received = {},
}: {
  reference: string;
  originalOrder: string;
  status?: string;
  dateCreated?: string;
  announced: Record<string, number>;
  received?: Record<string, number>;
}): Receive {
  const lines = Object.entries(announced).map(([productCode, quantity], index) => ({
    lineNumber: String(index + 1),
    externalLineReference: `R${index + 1}`,
    productCode,
    quantity,
  }));
  const arrived = lines.flatMap((line) =>
    received[line.productCode] ? [{ ...line, quantity: received[line.productCode] as number }] : [],
  );
  return receiveSchema.parse({
    id: `id-${reference}`,
    status,
    subtype: 'RET',
    dateCreated,
    primaryReference: reference,
    additionalReferences: [
      { key: 'originalOrder', value: originalOrder },
      ...lines.map((line) => ({ key: `returnReason:${line.externalLineReference}`, value: 'Damaged' })),
    ],
    receiveLines: lines,
    shipments: arrived.length > 0 ? [{ id: `ship-${reference}`, status: 'FIN', receiveLines: arrived }] : [],
  });
}
