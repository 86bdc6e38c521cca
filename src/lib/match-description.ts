import type { SearchKind, SearchMatch } from '@/contract/index-search';
import { formatDate, formatNumber } from '@/domain/format';
import { recordKindWords, stateOfKind } from '@/domain/record-states';

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
      label: `${recordKindWords[match.kind]}s`,
      matches: [],
    };
    group.matches.push(match);
    groups.set(match.kind, group);
  }
  return [...groups.values()];
}

/**
 * Its first line by its product's name, and how many more: "2 × Tablet 12in 256GB, 1 more" (the code where
 * the index knows no name); empty for a record of no lines.
 */
export function itemSummary(match: Pick<SearchMatch, 'items' | 'lines'>): string {
  const [first] = match.items;
  if (!first) return '';
  const more = match.lines - 1;
  const line = `${formatNumber(first.quantity)} × ${first.productName || first.productCode}`;
  return more > 0 ? `${line}, ${formatNumber(more)} more` : line;
}

/** Where an order's parcels can be followed: its tracking number, or that it has none yet. */
export function trackingSummary(match: Pick<SearchMatch, 'state' | 'trackingNumbers' | 'tracked'>): string {
  const [first] = match.trackingNumbers;
  if (!first) return match.state === 'canceled' ? '' : 'no tracking yet';
  const more = match.tracked - 1;
  return more > 0 ? `tracking ${first} and ${formatNumber(more)} more` : `tracking ${first}`;
}

/**
 * What tells a match from the others of one customer, in two lines: who, when and in which state
 * ("Owen Murphy · Shipped · ordered Nov 20, 2026": the date last, as a phone's one line cuts it first),
 * then what and its tracking ("2 × Tablet 12in 256GB, 1 more ·
 * tracking 1Z…"). A product says its description and pick mode.
 */
export function matchDetails(match: SearchMatch): [string, string] {
  const join = (parts: string[]) => parts.filter(Boolean).join(' · ');
  if (match.kind === 'product') return [join([match.title, match.state.replaceAll('_', ' ')]), ''];
  const order = match.kind === 'order';
  const created = match.created ? `${order ? 'ordered' : 'created'} ${formatDate(match.created)}` : '';
  const state = stateOfKind(match.kind, match.state).label;
  return [
    join([match.title, state, created]),
    join([itemSummary(match), order ? trackingSummary(match) : '']),
  ];
}

/**
 * The lot or serial number the query is, when a match holds it whole (any letter case): what the search
 * page offers to trace. null when no match was for a part attribute of exactly that value.
 */
export function tracedValueOf(matches: readonly SearchMatch[], q: string): string | null {
  const asked = q.trim().toLowerCase();
  const held = matches.find(
    (match) =>
      match.matchedField.startsWith('partAttributes.') && match.snippet.trim().toLowerCase() === asked,
  );
  return held ? held.snippet.trim() : null;
}
