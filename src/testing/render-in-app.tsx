import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { permissions } from '@/contract/access';
import type { Session } from '@/contract/access-schemas';
import { sessionQueryKey } from '@/lib/session';

/** The session of an open console (the local user may do everything), unless a test sets its own. */
const openSession: Session = {
  mode: 'open',
  user: { name: 'local', role: 'admin', permissions: [...permissions] },
  singleSignOn: false,
};

/**
 * For component tests: renders `page` as the app does, inside Mantine, a query client (no retries, or the
 * one given with data already in it) and a router, since links and the unsaved-changes guard need one.
 * The router renders asynchronously: find the first element with `await screen.find…`. Returns the
 * router, to see where the page went.
 */
export function renderInApp(
  page: () => ReactNode,
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
) {
  if (queryClient.getQueryData(sessionQueryKey) === undefined)
    queryClient.setQueryData(sessionQueryKey, openSession);
  const router = createRouter({
    history: createMemoryHistory(),
    routeTree: createRootRoute({ component: page }),
  });
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}
