import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterContextProvider,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { consoleConfigQueryKey } from '@/lib/console-config-query-key';
import { sandboxConsoleConfig } from './console-config';

/**
 * For components that read the console's settings (line prices' currency): Mantine, a query client holding
 * them, and a router's context for their links (a customer's or supplier's page), rendered at once, unlike
 * renderInApp's whole router.
 */
export function renderWithSettings(ui: ReactNode) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(consoleConfigQueryKey, sandboxConsoleConfig);
  const router = createRouter({ history: createMemoryHistory(), routeTree: createRootRoute() });
  return render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <RouterContextProvider router={router}>{ui}</RouterContextProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}
