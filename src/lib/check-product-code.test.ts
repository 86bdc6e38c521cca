import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { productCodeExistsQueryOptions } from './check-product-code';

const envelope = (data: unknown, errors: unknown[] = []) => ({ data, id: 'r', resource: [], errors });
const found = () => Response.json(envelope({ id: 'p1', pickMode: 'ASP' }));
const missing = () =>
  Response.json(envelope({}, [{ status: '404', code: 'not_found', title: 'No product' }]), { status: 404 });

afterEach(() => vi.unstubAllGlobals());

describe('productCodeExistsQueryOptions', () => {
  it('asks again after a "no", so a product created meanwhile is accepted', async () => {
    const fetch = vi.fn().mockResolvedValueOnce(missing()).mockResolvedValueOnce(found());
    vi.stubGlobal('fetch', fetch);
    const client = new QueryClient();
    expect(await client.fetchQuery(productCodeExistsQueryOptions('NEW-1'))).toBe(false);
    expect(await client.fetchQuery(productCodeExistsQueryOptions('NEW-1'))).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('keeps a "yes" instead of asking on every blur', async () => {
    const fetch = vi.fn().mockImplementation(async () => found());
    vi.stubGlobal('fetch', fetch);
    const client = new QueryClient();
    expect(await client.fetchQuery(productCodeExistsQueryOptions('TENT-2P'))).toBe(true);
    expect(await client.fetchQuery(productCodeExistsQueryOptions('TENT-2P'))).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
