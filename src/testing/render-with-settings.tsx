import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { consoleConfigQueryKey } from '@/lib/console-config-query-key';
import { sandboxConsoleConfig } from './console-config';

/** For components that read the console's settings (line prices' currency): Mantine and a query client holding them. */
export function renderWithSettings(ui: ReactNode) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(consoleConfigQueryKey, sandboxConsoleConfig);
  return render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </MantineProvider>,
  );
}
