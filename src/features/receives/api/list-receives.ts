import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { interfaceOperations } from '../../../contract/operations';
import type { Receive } from '../../../contract/receive';
import { callOperation } from '../../../lib/call-operation';
import { endOfLocalDay, startOfLocalDay } from '../../../lib/local-day';
import { receiveKeys } from './receive-keys';

export type ReceiveListFilters = {
  /** PRS, FIN or CAN; none for every status. */
  status?: string;
  subtype?: 'RET';
  /** The reader's calendar days, both inclusive. */
  from?: string;
  to?: string;
};

/** Pages of the largest size the listing allows; the bound keeps one list view to a few requests. */
export const LIST_PAGE_SIZE = 200;
export const LIST_MAX_PAGES = 5;
export const LIST_MAX_RECEIVES = LIST_PAGE_SIZE * LIST_MAX_PAGES;

export type FetchedReceives = {
  receives: Receive[];
  /** True when more receives matched than the bound lets us fetch: completeness covers the newest only. */
  truncated: boolean;
};

/**
 * Fetches receives matching the server-side filters, newest update first, following the cursor until the
 * list ends or the bound is reached. Completeness and the short/over filter are then computed over these.
 */
export async function listReceives(
  filters: ReceiveListFilters,
  signal?: AbortSignal,
): Promise<FetchedReceives> {
  const receives: Receive[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < LIST_MAX_PAGES; page += 1) {
    const data = await callOperation(interfaceOperations.listReceives, {
      query: {
        status: filters.status,
        subtype: filters.subtype,
        dateLastUpdatedFrom: filters.from ? startOfLocalDay(filters.from) : undefined,
        dateLastUpdatedTo: filters.to ? endOfLocalDay(filters.to) : undefined,
        limit: LIST_PAGE_SIZE,
        cursor,
      },
      signal,
    });
    receives.push(...data.receives);
    if (!data.nextCursor) return { receives, truncated: false };
    cursor = data.nextCursor;
  }
  return { receives, truncated: true };
}

export function listReceivesQueryOptions(filters: ReceiveListFilters) {
  return queryOptions({
    queryKey: receiveKeys.list({ ...filters }),
    queryFn: ({ signal }) => listReceives(filters, signal),
  });
}

export function useReceiveList(filters: ReceiveListFilters) {
  return useSuspenseQuery(listReceivesQueryOptions(filters)).data;
}
