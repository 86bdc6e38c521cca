import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { type ConsoleConfig, getConfigRoute } from '@/contract/console-config';
import { callOperation } from './call-operation';
import { consoleConfigQueryKey } from './console-config-query-key';

export function getConsoleConfig(signal?: AbortSignal): Promise<ConsoleConfig> {
  return callOperation(getConfigRoute, { signal });
}

/** The settings change only when the server restarts, so they are read once per session. */
export function getConsoleConfigQueryOptions() {
  return queryOptions({
    queryKey: consoleConfigQueryKey,
    queryFn: ({ signal }) => getConsoleConfig(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useConsoleConfig() {
  return useSuspenseQuery(getConsoleConfigQueryOptions()).data;
}

/** The packet's attribute labels by key (SN → "Serial number"), for attributeInWords. */
export function useAttributeLabels(): Readonly<Record<string, string>> {
  const { attributeKeys } = useConsoleConfig();
  return Object.fromEntries(attributeKeys.map((entry) => [entry.key, entry.label]));
}
