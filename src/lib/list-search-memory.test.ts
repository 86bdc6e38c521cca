// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { rememberedListHref } from './list-search-memory';

afterEach(() => sessionStorage.clear());

describe('rememberedListHref', () => {
  it('goes back to a list as it was last filtered in this tab, else to the list itself', () => {
    expect(rememberedListHref('/receives')).toBe('/receives');
    sessionStorage.setItem('list-search:/receives', '?discrepancy=any&sort=reference');
    expect(rememberedListHref('/receives')).toBe('/receives?discrepancy=any&sort=reference');
    expect(rememberedListHref('/returns')).toBe('/returns');
  });
});
