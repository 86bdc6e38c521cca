import type { SearchKind, SearchMatch } from '../../contract/index-search';

/** What one record of each kind is called. */
export const kindLabels: Record<SearchKind, string> = {
  order: 'Order',
  receive: 'Receive',
  return: 'Return',
  product: 'Product',
};

/** Where a match opens: orders, receives and returns by primary reference, products by id. */
export function matchHref(match: SearchMatch): string {
  if (match.kind === 'product') return `/products/${encodeURIComponent(match.id)}`;
  return `/${match.kind}s/${encodeURIComponent(match.primaryReference)}`;
}

/** The same place as the router's options, for loading its page ahead. */
export function matchRoute(match: SearchMatch) {
  const reference = match.primaryReference;
  switch (match.kind) {
    case 'order':
      return { to: '/orders/$reference', params: { reference } } as const;
    case 'receive':
      return { to: '/receives/$reference', params: { reference } } as const;
    case 'return':
      return { to: '/returns/$reference', params: { reference } } as const;
    case 'product':
      return { to: '/products/$productId', params: { productId: match.id } } as const;
  }
}

const fieldWords: Record<string, string> = {
  primaryReference: 'reference',
  secondaryReference: 'secondary reference',
  personName: 'name',
  organization: 'organization',
  emailAddress: 'email',
  phoneNumber: 'phone number',
  mobileNumber: 'mobile number',
  postalCode: 'postal code',
  trackingNumber: 'tracking number',
  packageReference: 'package reference',
  transportReference: 'transport reference',
  productDescription: 'description',
  returnReason: 'return reason',
};

/** Part attributes by the keys the operator uses for them. */
const partWords: Record<string, string> = { SN: 'serial number', LOT: 'lot number', EXP: 'expiry date' };

/** `webOrderNumber` → `web order number`. */
const spacedWords = (name: string) => name.replace(/([a-z\d])([A-Z])/g, '$1 $2').toLowerCase();

/**
 * Why a record matched, in words a person uses: `customer's email`, `tracking number`, `serial number`.
 * An order's ship-to is its customer; a receive's or return's ship-from is its sender.
 */
export function matchReason(match: Pick<SearchMatch, 'kind' | 'matchedField'>): string {
  const [head = '', ...rest] = match.matchedField.split('.');
  const tail = rest.join('.');
  if (head === 'shipTo' || head === 'shipFrom') {
    const who = head === 'shipTo' ? 'customer' : match.kind === 'return' ? 'returner' : 'sender';
    return `${who}'s ${fieldWords[tail] ?? spacedWords(tail)}`;
  }
  if (head === 'partAttributes') return partWords[tail] ?? spacedWords(tail);
  if (head === 'additionalReferences') return `${spacedWords(tail)} reference`;
  if (head === 'productCode') return match.kind === 'product' ? 'product code' : 'product on a line';
  return fieldWords[head] ?? spacedWords(match.matchedField);
}

export type MatchGroup = { kind: SearchKind; label: string; matches: SearchMatch[] };

/** Matches by kind, each group where its best match ranks, so the best match stays first. */
export function groupByKind(matches: readonly SearchMatch[]): MatchGroup[] {
  const groups = new Map<SearchKind, MatchGroup>();
  for (const match of matches) {
    const group = groups.get(match.kind) ?? {
      kind: match.kind,
      label: `${kindLabels[match.kind]}s`,
      matches: [],
    };
    group.matches.push(match);
    groups.set(match.kind, group);
  }
  return [...groups.values()];
}
