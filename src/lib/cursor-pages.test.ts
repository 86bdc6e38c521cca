import { describe, expect, it } from 'vitest';
import { cursorPager, readCursors } from './cursor-pages';

describe('cursor pages', () => {
  it('reads a list of cursors from the URL, and anything else as the first page', () => {
    expect(readCursors(['a', 'b'])).toEqual(['a', 'b']);
    expect(readCursors([])).toBeUndefined();
    expect(readCursors(42)).toBeUndefined();
    expect(readCursors('a')).toBeUndefined();
    expect(readCursors(['a', 7])).toBeUndefined();
  });

  it('numbers the page by its cursors and leads to every page up to the next', () => {
    const pager = cursorPager(['a', 'b'], 'c');
    expect(pager.page).toBe(3);
    expect(pager.hasNext).toBe(true);
    expect(pager.searchFor(1)).toEqual({ cursors: undefined });
    expect(pager.searchFor(2)).toEqual({ cursors: ['a'] });
    expect(pager.searchFor(4)).toEqual({ cursors: ['a', 'b', 'c'] });
  });

  it('has no next page when the listing gives no cursor', () => {
    expect(cursorPager([], null).hasNext).toBe(false);
    expect(cursorPager(['a'], undefined).hasNext).toBe(false);
  });
});
