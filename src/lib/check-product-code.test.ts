import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { searchMatch } from '@/testing/search-match-fixtures';
import { refusal, stubFetch } from '@/testing/stub-fetch';
import { productCodeAsKnown, productCodeExistsQueryOptions } from './check-product-code';

const found = { id: 'p1', pickMode: 'ASP' };
const missing = () => refusal(404, [{ code: 'not_found', title: 'No product' }]);

afterEach(() => vi.unstubAllGlobals());

describe('productCodeExistsQueryOptions', () => {
  it('asks again after a "no", so a product created meanwhile is accepted', async () => {
    // No such product at first; then someone creates it.
    const fetch = stubFetch(() => (fetch.mock.calls.length === 1 ? missing() : found));
    const client = new QueryClient();
    expect(await client.fetchQuery(productCodeExistsQueryOptions('NEW-1'))).toBe(false);
    expect(await client.fetchQuery(productCodeExistsQueryOptions('NEW-1'))).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('keeps a "yes" instead of asking on every blur', async () => {
    const fetch = stubFetch(() => found);
    const client = new QueryClient();
    expect(await client.fetchQuery(productCodeExistsQueryOptions('TENT-2P'))).toBe(true);
    expect(await client.fetchQuery(productCodeExistsQueryOptions('TENT-2P'))).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('productCodeAsKnown', () => {
  it('finds a code typed in other letter case as the product the warehouse has, and no product as null', async () => {
    stubFetch(({ path, query }) => {
      if (path.endsWith('/get-id/TEE-ORG-BLK-M')) return found;
      if (path.includes('/get-id/')) return missing();
      const matches =
        query.get('q') === 'tee-org-blk-m'
          ? [searchMatch({ kind: 'product', primaryReference: 'TEE-ORG-BLK-M', id: 'p-tee' })]
          : [];
      return { matches, hasMore: false, total: matches.length, totalExact: true };
    });
    expect(await productCodeAsKnown('TEE-ORG-BLK-M')).toBe('TEE-ORG-BLK-M');
    expect(await productCodeAsKnown('tee-org-blk-m')).toBe('TEE-ORG-BLK-M');
    expect(await productCodeAsKnown('GHOST-1')).toBeNull();
  });
});
