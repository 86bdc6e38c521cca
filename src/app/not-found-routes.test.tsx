// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { permissions } from '@/contract/access';
import type { ConsoleConfig } from '@/contract/console-config';
import { sessionQueryKey } from '@/lib/session';
import { createAppRouter } from './router';

// The router restores scroll positions, which jsdom cannot do.
beforeAll(() => {
  window.scrollTo = () => {};
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const config: ConsoleConfig = {
  mode: 'upstream',
  upstreamHost: null,
  organization: null,
  warehouses: ['LAW'],
  attributeKeys: [],
  serialKey: 'SN',
  rateGroups: [],
  priceCurrency: 'USD',
  claimWindowDays: 90,
  customerNextStep: { step: 'contact', contact: null },
  claimant: { name: 'Northwind Goods Ltd', contact: 'claims@northwind.example, +1 303 555 0100' },
};

const envelope = (data: unknown, errors: unknown[] = []) => ({ data, id: 'r', resource: [], errors });

/**
 * The console as a detail page meets it: the index and the receives listing find nothing, the product read
 * answers `productStatus`.
 */
function stubServer(productStatus = 404) {
  vi.stubGlobal('fetch', async (url: string) => {
    const path = new URL(url, 'http://console').pathname;
    if (path === '/api/config') return Response.json(envelope(config));
    if (path.startsWith('/api/index/records/')) {
      const missing = { status: '404', code: 'not_found', title: 'Nowhere' };
      return Response.json(envelope({}, [missing]), { status: 404 });
    }
    if (path === '/api/warehouse/v1/receives')
      return Response.json(envelope({ receives: [], nextCursor: null }));
    const error = { status: String(productStatus), code: productStatus === 404 ? 'not_found' : 'http_error' };
    return Response.json(envelope({}, [{ ...error, title: 'Refused' }]), { status: productStatus });
  });
}

/** The whole app at `path`, signed in as the open console's local user. */
function openApp(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(sessionQueryKey, {
    mode: 'open',
    user: { name: 'local', role: 'admin', permissions: [...permissions] },
    singleSignOn: false,
  });
  const router = createAppRouter(queryClient);
  router.update({ ...router.options, history: createMemoryHistory({ initialEntries: [path] }) });
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('a detail page whose record does not exist', () => {
  it.each([
    ['/orders/NO-SUCH', 'Order not found', 'Go to orders'],
    ['/orders/NO-SUCH/edit', 'Order not found', 'Go to orders'],
    ['/receives/NO-SUCH', 'Receive not found', 'Go to receives'],
    ['/returns/NO-SUCH', 'Return not found', 'Go to returns'],
    ['/products/no-such-id', 'Product not found', 'Go to products'],
    ['/products/no-such-id/edit', 'Product not found', 'Go to products'],
  ])('%s says what was not found and leads back, with nothing to try again', async (path, heading, back) => {
    stubServer();
    openApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(screen.getByRole('link', { name: back })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('offers to search every kind of record for the reference', async () => {
    stubServer();
    openApp('/receives/PO-7');
    const search = await screen.findByRole('link', { name: 'Search everything for “PO-7”' });
    expect(search.getAttribute('href')).toBe('/search?q=PO-7');
  });

  it('still shows the error page, with "Try again", when the lookup itself failed', async () => {
    stubServer(503);
    openApp('/products/some-id');
    expect(await screen.findByRole('heading', { level: 1, name: 'Refused' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('shows a refusal (4xx) without "Try again", which could not help', async () => {
    stubServer(403);
    openApp('/products/some-id');
    expect(await screen.findByRole('heading', { level: 1, name: 'Refused' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
