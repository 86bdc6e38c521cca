import { describe, expect, it } from 'vitest';
import type { SearchMatch } from '@/contract/index-search';
import { formatDate } from '@/domain/format';
import { searchMatch } from '@/testing/search-match-fixtures';
import {
  groupByKind,
  itemSummary,
  matchDetails,
  matchHref,
  matchReason,
  tracedValueOf,
  trackingSummary,
} from './match-description';

const match = searchMatch;

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

describe('what tells matches of one customer apart', () => {
  const order = (overrides: Partial<SearchMatch>) =>
    match({
      title: 'Owen Murphy',
      status: 'FIN',
      state: 'shipped',
      created: '2026-11-20T15:00:00+00:00',
      items: [{ productCode: 'TAB-12-256', quantity: 2, productName: 'Tablet 12in 256GB' }],
      lines: 2,
      trackingNumbers: ['1ZUPMJ050079070958'],
      tracked: 1,
      ...overrides,
    });

  it('says the order date, the state in words, the first line and its tracking', () => {
    expect(matchDetails(order({}))).toEqual([
      `Owen Murphy · Shipped · ordered ${formatDate('2026-11-20T15:00:00+00:00')}`,
      '2 × Tablet 12in 256GB, 1 more · tracking 1ZUPMJ050079070958',
    ]);
  });

  it.each([
    [{ lines: 1 }, '2 × Tablet 12in 256GB'],
    // A product the index does not know keeps its code.
    [
      { lines: 4, items: [{ productCode: 'CAM-1', quantity: 1500, productName: null }] },
      '1,500 × CAM-1, 3 more',
    ],
    [{ lines: 0, items: [] }, ''],
  ])('sums up the items of %j as %s', (items, words) => {
    expect(itemSummary(order(items))).toBe(words);
  });

  it.each([
    [{ tracked: 3 }, 'tracking 1ZUPMJ050079070958 and 2 more'],
    [{ state: 'picking', trackingNumbers: [], tracked: 0 }, 'no tracking yet'],
    [{ state: 'canceled', trackingNumbers: [], tracked: 0 }, ''],
  ])('says where the parcels of %j are followed: %s', (tracking, words) => {
    expect(trackingSummary(order(tracking))).toBe(words);
  });

  it('names the state of a receive or return in their words, and no tracking', () => {
    const [who, what] = matchDetails(order({ kind: 'receive', state: 'partial', title: 'Peak Naturals' }));
    expect(who).toBe(`Peak Naturals · Partly received · created ${formatDate('2026-11-20T15:00:00+00:00')}`);
    expect(what).toBe('2 × Tablet 12in 256GB, 1 more');
  });

  it('gives matches that differ only in date, items or tracking different texts', () => {
    const texts = [
      order({}),
      order({ created: '2026-11-12T15:00:00+00:00' }),
      order({ lines: 1 }),
      order({ trackingNumbers: ['1ZUPMJ050079070959'] }),
    ].map((each) => matchDetails(each).join('\n'));
    expect(new Set(texts).size).toBe(texts.length);
  });
});

describe('tracedValueOf', () => {
  const lotMatch = match({ matchedField: 'partAttributes.LOT', snippet: 'LOTK9AV0U' });
  it('is the lot or serial number a match holds whole, in any letter case', () => {
    expect(tracedValueOf([match({}), lotMatch], ' lotk9av0u ')).toBe('LOTK9AV0U');
  });
  it('is null for a prefix of it, or a match of another field', () => {
    expect(tracedValueOf([lotMatch], 'LOTK9')).toBeNull();
    expect(
      tracedValueOf([match({ matchedField: 'primaryReference', snippet: 'LOTK9AV0U' })], 'LOTK9AV0U'),
    ).toBeNull();
  });
});
