import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { listStockRoute, type StockPageAnswer } from '@/contract/stock';
import { callOperation } from '@/lib/call-operation';

/** What the stock list shows: its filters as the URL holds them, and the page's cursor. */
export type StockListSearch = {
  q?: string;
  warehouse?: string;
  expiringWithinDays?: number;
  dir?: 'asc' | 'desc';
  cursor?: string;
};

// Under 'index': every change the live stream brings refreshes it, as it does the other lists of the index.
export const stockKeys = {
  all: ['index', 'stock'] as const,
  page: (search: StockListSearch) => [...stockKeys.all, search] as const,
};

/** The reader's calendar day, which "expiring within" counts from. */
const readerToday = () => new Date().toLocaleDateString('en-CA');

export function listStock(search: StockListSearch, signal?: AbortSignal): Promise<StockPageAnswer> {
  return callOperation(listStockRoute, {
    query: {
      ...search,
      expiringWithinDays:
        search.expiringWithinDays === undefined ? undefined : String(search.expiringWithinDays),
      today: readerToday(),
      limit: '50',
    },
    signal,
  });
}

export function listStockQueryOptions(search: StockListSearch) {
  return queryOptions({
    queryKey: stockKeys.page(search),
    queryFn: ({ signal }) => listStock(search, signal),
  });
}

export function useStockPage(search: StockListSearch) {
  return useSuspenseQuery(listStockQueryOptions(search)).data;
}
