import { interfaceOperations } from '@/contract/operations';
import type { Receive } from '@/contract/receive';
import { endOfLocalDay, startOfLocalDay } from '@/domain/local-day';
import { callOperation } from '@/lib/call-operation';
import {
  checkListingPage,
  type IgnoredListingParameter,
  mergeIgnored,
  withinTimeRange,
} from '@/lib/listing-limits';

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
  /** The listing parameters the warehouse service ignored, for the list to say so. */
  ignored: IgnoredListingParameter[];
};

/**
 * Fetches receives matching the server-side filters, newest update first, following the cursor until the
 * list ends or the bound is reached. Completeness and the short/over filter are then computed over these.
 * An upstream that ignores the listing parameters is worked around within what came back: rows outside the
 * filters dropped, a cursor that comes back again ends the walk (no loop), a receive sent twice kept once.
 */
export async function listReceives(
  filters: ReceiveListFilters,
  signal?: AbortSignal,
): Promise<FetchedReceives> {
  const byId = new Map<string, Receive>();
  const followed: string[] = [];
  let ignored: IgnoredListingParameter[] = [];
  const from = filters.from ? startOfLocalDay(filters.from) : undefined;
  const to = filters.to ? endOfLocalDay(filters.to) : undefined;
  let cursor: string | undefined;
  for (let page = 0; page < LIST_MAX_PAGES; page += 1) {
    const data = await callOperation(interfaceOperations.listReceives, {
      query: {
        status: filters.status,
        subtype: filters.subtype,
        dateLastUpdatedFrom: from,
        dateLastUpdatedTo: to,
        limit: LIST_PAGE_SIZE,
        cursor,
      },
      signal,
    });
    const checked = checkListingPage(
      { rows: data.receives, nextCursor: data.nextCursor },
      {
        limit: LIST_PAGE_SIZE,
        cursor,
        followed,
        matches: (receive) =>
          (!filters.status || receive.status === filters.status) &&
          (!filters.subtype || receive.subtype === filters.subtype) &&
          withinTimeRange(receive.dateLastUpdated, from, to),
      },
    );
    for (const receive of checked.rows) if (!byId.has(receive.id)) byId.set(receive.id, receive);
    ignored = mergeIgnored(ignored, checked.ignored);
    if (!checked.nextCursor) return { receives: [...byId.values()], truncated: false, ignored };
    if (cursor) followed.push(cursor);
    cursor = checked.nextCursor;
  }
  return { receives: [...byId.values()], truncated: true, ignored };
}
