import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getProductSuggestionsQueryOptions } from './get-product-suggestions';

const listing = (products: unknown[]) =>
  Response.json({ data: { products, nextCursor: null }, id: 'r', resource: [], errors: [] });

afterEach(() => vi.unstubAllGlobals());

describe('getProductSuggestionsQueryOptions', () => {
  it('offers code and description, sorted by code', async () => {
    vi.stubGlobal('fetch', async () =>
      listing([
        { id: 'p2', productCode: 'NUT', productDescription: 'Hex nut M8' },
        { id: 'p1', productCode: 'BOLT', productDescription: 'Hex bolt M8' },
      ]),
    );
    const client = new QueryClient();
    expect(await client.fetchQuery(getProductSuggestionsQueryOptions())).toEqual([
      { code: 'BOLT', description: 'Hex bolt M8' },
      { code: 'NUT', description: 'Hex nut M8' },
    ]);
  });

  it('goes stale when the products change, as every product list does', async () => {
    vi.stubGlobal('fetch', async () => listing([]));
    const client = new QueryClient();
    const { queryKey } = getProductSuggestionsQueryOptions();
    await client.fetchQuery(getProductSuggestionsQueryOptions());
    // What creating or updating a product invalidates (productKeys.lists()).
    await client.invalidateQueries({ queryKey: ['products', 'list'] });
    expect(client.getQueryState(queryKey)?.isInvalidated).toBe(true);
  });
});
