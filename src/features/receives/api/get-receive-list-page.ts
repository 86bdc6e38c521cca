import { keepPreviousData, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { type ListedReceiveKind, listReceivesRoute } from '@/contract/index-lists';
import { callOperation } from '@/lib/call-operation';
import { loadCursorPage } from '@/lib/cursor-pages';
import { receiveKeys } from '@/lib/receive-keys';
import {
  type ReceiveListQuery,
  type ReceiveListSearch,
  toReceiveListQuery,
} from '../model/receive-list-search';
import { getReceivesByReferenceQueryOptions } from './get-receives-by-reference';

export const RECEIVE_LIST_PAGE_SIZE = 25;

/**
 * One page of receives or returns from the console's index: status, completeness and short/over filtered
 * and sorted on the server over every record, with the total.
 */
export function getReceiveListPage(
  query: ReceiveListQuery,
  cursor: string | undefined,
  signal?: AbortSignal,
) {
  return callOperation(listReceivesRoute, {
    query: { ...query, limit: RECEIVE_LIST_PAGE_SIZE, cursor },
    signal,
  });
}

export function getReceiveListPageQueryOptions(query: ReceiveListQuery, cursor: string | undefined) {
  return queryOptions({
    queryKey: receiveKeys.indexList({ ...query, cursor }),
    queryFn: ({ signal }) => getReceiveListPage(query, cursor, signal),
  });
}

/** Keeps the rows on screen while the next page or another filter loads, so the table does not blank. */
export function useReceiveListPage(query: ReceiveListQuery, cursor: string | undefined) {
  return useQuery({ ...getReceiveListPageQueryOptions(query, cursor), placeholderData: keepPreviousData });
}

/**
 * The loader of the Receives and Returns pages. Opening the page waits for its rows; a new filter or page
 * on the open list does not (the list keeps its rows meanwhile). A lookup by reference waits, as it
 * suspends.
 */
export async function loadReceiveList(
  queryClient: QueryClient,
  {
    search,
    cause,
    kind,
  }: { search: ReceiveListSearch; cause: 'preload' | 'enter' | 'stay'; kind: ListedReceiveKind },
): Promise<{ cursorRefused: boolean }> {
  if (search.reference) {
    await queryClient.ensureQueryData(getReceivesByReferenceQueryOptions(search.reference));
    return { cursorRefused: false };
  }
  if (cause === 'stay') return { cursorRefused: false };
  return loadCursorPage(search.cursors, (cursor) =>
    queryClient.ensureQueryData(getReceiveListPageQueryOptions(toReceiveListQuery(search, kind), cursor)),
  ).catch(() => ({ cursorRefused: false }));
}
