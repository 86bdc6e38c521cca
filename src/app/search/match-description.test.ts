import { describe, expect, it } from 'vitest';
import type { SearchMatch } from '../../contract/index-search';
import { groupByKind, matchHref, matchReason } from './match-description';

const match = (overrides: Partial<SearchMatch>): SearchMatch => ({
  kind: 'order',
  id: 'id-1',
  primaryReference: 'SO 1',
  title: '',
  status: 'PRS',
  state: 'entered',
  matchedField: 'primaryReference',
  snippet: 'SO 1',
  ...overrides,
});

describe('matchReason', () => {
  it.each([
    ['order', 'shipTo.emailAddress', "customer's email"],
    ['order', 'shipTo.personName', "customer's name"],
    ['order', 'shipTo.phoneNumber', "customer's phone number"],
    ['receive', 'shipFrom.organization', "sender's organization"],
    ['return', 'shipFrom.emailAddress', "returner's email"],
    ['order', 'trackingNumber', 'tracking number'],
    ['order', 'partAttributes.SN', 'serial number'],
    ['receive', 'partAttributes.LOT', 'lot number'],
    ['order', 'partAttributes.colorCode', 'color code'],
    ['order', 'secondaryReference', 'secondary reference'],
    ['order', 'additionalReferences.channel', 'channel reference'],
    ['return', 'additionalReferences.originalOrder', 'original order reference'],
    ['return', 'returnReason', 'return reason'],
    ['order', 'productCode', 'product on a line'],
    ['product', 'productCode', 'product code'],
    ['receive', 'transportReference', 'transport reference'],
  ] as const)('a %s matched on %s: %s', (kind, matchedField, words) => {
    expect(matchReason({ kind, matchedField })).toBe(words);
  });
});

describe('where a match opens', () => {
  it('opens records by encoded reference, products by id', () => {
    expect(matchHref(match({}))).toBe('/orders/SO%201');
    expect(matchHref(match({ kind: 'return', primaryReference: 'RMA/1' }))).toBe('/returns/RMA%2F1');
    expect(matchHref(match({ kind: 'product', id: 'p 9' }))).toBe('/products/p%209');
  });
});

describe('groupByKind', () => {
  it('orders the groups by their best match and keeps the order within each', () => {
    const matches = [
      match({ kind: 'product', id: 'p1' }),
      match({ id: 'o1' }),
      match({ kind: 'product', id: 'p2' }),
      match({ id: 'o2' }),
    ];
    expect(groupByKind(matches).map((group) => [group.label, group.matches.map((item) => item.id)])).toEqual([
      ['Products', ['p1', 'p2']],
      ['Orders', ['o1', 'o2']],
    ]);
  });
});
