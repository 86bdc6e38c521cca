import { readChoice, readDay, readPositiveInteger, readText } from '../../../lib/search-params';

export const statusFilters = ['all', 'open', 'finalized', 'canceled'] as const;
export type StatusFilter = (typeof statusFilters)[number];
/** The interface's receive status for each filter; `all` sends none. */
export const statusFilterCodes: Record<StatusFilter, string | undefined> = {
  all: undefined,
  open: 'PRS',
  finalized: 'FIN',
  canceled: 'CAN',
};

export const discrepancyFilters = ['all', 'short-or-over', 'short', 'over'] as const;
export type DiscrepancyFilter = (typeof discrepancyFilters)[number];

export const receiveSortKeys = ['reference', 'warehouse', 'status', 'percentage', 'eta', 'updated'] as const;
export type ReceiveSortKey = (typeof receiveSortKeys)[number];

export const pageSizes = [10, 25, 50, 100] as const;

/** The list's state as it lives in the URL. */
export type ReceiveListSearch = {
  /** An exact primary reference to look up instead of listing. */
  reference?: string;
  status: StatusFilter;
  discrepancy: DiscrepancyFilter;
  from?: string;
  to?: string;
  sort: ReceiveSortKey;
  dir: 'asc' | 'desc';
  page: number;
  pageSize: number;
};

/**
 * The list's state from what the router parsed from the URL: every member falls back to its default on a
 * bad value, so a hand-edited or outdated link still opens the list instead of an error page.
 */
export function readReceiveListSearch(search: Record<string, unknown>): ReceiveListSearch {
  return {
    reference: readText(search.reference),
    status: readChoice(search.status, statusFilters) ?? 'all',
    discrepancy: readChoice(search.discrepancy, discrepancyFilters) ?? 'all',
    from: readDay(search.from),
    to: readDay(search.to),
    sort: readChoice(search.sort, receiveSortKeys) ?? 'updated',
    dir: readChoice(search.dir, ['asc', 'desc'] as const) ?? 'desc',
    page: readPositiveInteger(search.page) ?? 1,
    pageSize: readChoice(search.pageSize, pageSizes) ?? 25,
  };
}

/** The part of the list's state the interface filters on; the rest is applied to what it returns. */
export function serverFiltersFor(search: ReceiveListSearch, kind: 'receives' | 'returns') {
  return {
    status: statusFilterCodes[search.status],
    subtype: kind === 'returns' ? ('RET' as const) : undefined,
    from: search.from,
    to: search.to,
  };
}
