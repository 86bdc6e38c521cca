import { describe, expect, it } from 'vitest';
import { checkListingPage, listingLimitsNote, withinTimeRange } from './listing-limits';

describe('checkListingPage', () => {
  it('passes a page that honored what was asked', () => {
    expect(checkListingPage({ rows: [1, 2], nextCursor: 'c2' }, { limit: 2, cursor: 'c1' })).toEqual({
      rows: [1, 2],
      nextCursor: 'c2',
      ignored: [],
    });
  });

  it('notices more rows than asked, a cursor sent back again or seen before, and rows outside the filter', () => {
    expect(checkListingPage({ rows: [1, 2, 3] }, { limit: 2 }).ignored).toEqual(['limit']);
    expect(checkListingPage({ rows: [1], nextCursor: 'c1' }, { limit: 2, cursor: 'c1' })).toEqual({
      rows: [1],
      nextCursor: undefined,
      ignored: ['cursor'],
    });
    expect(
      checkListingPage({ rows: [1], nextCursor: 'a' }, { limit: 2, cursor: 'b', followed: ['a'] }).nextCursor,
    ).toBeUndefined();
    expect(checkListingPage({ rows: [1, 2, 3, 4] }, { limit: 10, matches: (row) => row % 2 === 0 })).toEqual({
      rows: [2, 4],
      nextCursor: undefined,
      ignored: ['filters'],
    });
  });

  it('reads an empty next cursor as the last page', () => {
    expect(checkListingPage({ rows: [], nextCursor: '' }, { limit: 1 }).nextCursor).toBeUndefined();
  });
});

describe('withinTimeRange', () => {
  it('keeps what lies within and what cannot be judged', () => {
    const from = '2025-01-01T00:00:00+00:00';
    const to = '2025-01-31T23:59:59+00:00';
    expect(withinTimeRange('2025-01-08T14:05:00+00:00', from, to)).toBe(true);
    expect(withinTimeRange('2024-12-31T23:59:59+00:00', from, to)).toBe(false);
    expect(withinTimeRange(undefined, from, to)).toBe(true);
  });
});

describe('listingLimitsNote', () => {
  it('says nothing when nothing was ignored, and each limitation in words otherwise', () => {
    expect(listingLimitsNote([], 'orders')).toBeUndefined();
    const note = listingLimitsNote(['limit', 'cursor', 'filters'], 'orders') ?? '';
    expect(note).toContain('more orders than one page holds');
    expect(note).toContain('does not page through its orders');
    expect(note).toContain('did not apply the filters');
  });
});
