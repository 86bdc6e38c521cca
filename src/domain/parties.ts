import { compactForm } from './search-text';

// Who a record is with, as one key the console looks its records up by: a customer (the person an order
// ships to, or who sends a return back) by their email, else by their name and postal code; a supplier (who
// a receive comes from) by its company's name, else the person's. The index keeps the keys of each record
// (exactKeysOf); a page's link carries the same key.

/** What a record's address block says of whom it is with. */
export type PartyFields = {
  personName?: string;
  organization?: string;
  emailAddress?: string;
  postalCode?: string;
};

/** The key of a customer's page: the email in lower case, else name and postal code compacted; null for none. */
export function customerKeyOf(party: PartyFields): string | null {
  const email = party.emailAddress?.trim().toLowerCase();
  if (email) return email;
  const name = compactForm(party.personName || party.organization || '');
  return name ? `${name}~${compactForm(party.postalCode ?? '')}` : null;
}

/** The key of a supplier's record: its company's name compacted, else the person's; null for none. */
export function supplierKeyOf(party: PartyFields): string | null {
  const name = compactForm(party.organization || party.personName || '');
  return name || null;
}

/** The exact keys the index finds a customer's and a supplier's records by (record_exact_values). */
export const customerExactKey = (key: string) => `customer:${key}`;
export const supplierExactKey = (key: string) => `supplier:${key}`;

/**
 * The party keys of a record's search values (`shipTo.*` of an order, `shipFrom.*` of a receive or
 * return): its customer's, and of a receive or return its sender's as a supplier.
 */
export function partyKeysOfValues(values: readonly { field: string; value: string }[]): string[] {
  const keys: string[] = [];
  for (const side of ['shipTo', 'shipFrom']) {
    const party: PartyFields = {};
    let found = false;
    for (const { field, value } of values) {
      if (!field.startsWith(`${side}.`) || value === '') continue;
      const name = field.slice(side.length + 1) as keyof PartyFields;
      if (name in party) continue;
      if (
        name === 'personName' ||
        name === 'organization' ||
        name === 'emailAddress' ||
        name === 'postalCode'
      ) {
        party[name] = value;
        found = true;
      }
    }
    if (!found) continue;
    const customer = customerKeyOf(party);
    if (customer) keys.push(customerExactKey(customer));
    const supplier = side === 'shipFrom' ? supplierKeyOf(party) : null;
    if (supplier) keys.push(supplierExactKey(supplier));
  }
  return keys;
}
