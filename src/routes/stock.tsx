import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { maxExpiringDays } from '@/contract/stock-limits';
import { listStockQueryOptions, type StockListSearch } from '@/features/stock/api/list-stock';
import { StockListPage } from '@/features/stock/components/stock-list-page';
import { type CursorPageSearch, loadCursorPage, readCursors } from '@/lib/cursor-pages';
import { getConsoleConfigQueryOptions, useConsoleConfig } from '@/lib/get-console-config';
import { readChoice, readText } from '@/lib/search-params';

type Search = {
  q?: string;
  warehouse?: string;
  expiringWithinDays?: number;
  dir?: 'asc' | 'desc';
} & CursorPageSearch;

/** "Expiring within" as the URL holds it: a whole number of days from 0, else none. */
function readDays(value: unknown): number | undefined {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number >= 0 && number <= maxExpiringDays
    ? number
    : undefined;
}

export const Route = createFileRoute('/stock')({
  // A bad value degrades to no filter instead of an error.
  validateSearch: (search: Search & SearchSchemaInput): Search => ({
    q: readText(search.q)?.slice(0, 35),
    warehouse: readText(search.warehouse)?.slice(0, 50),
    expiringWithinDays: readDays(search.expiringWithinDays),
    dir: readChoice(search.dir, ['asc', 'desc'] as const),
    cursors: readCursors(search.cursors),
  }),
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, deps: { cursors, ...filters } }) => {
    const [loaded] = await Promise.all([
      loadCursorPage(cursors, (cursor) =>
        queryClient.ensureQueryData(listStockQueryOptions({ ...filters, cursor } satisfies StockListSearch)),
      ),
      queryClient.ensureQueryData(getConsoleConfigQueryOptions()),
    ]);
    return loaded;
  },
  head: () => ({ meta: [{ title: 'Stock · Warehouse Console' }] }),
  component: StockRoute,
});

function StockRoute() {
  const { cursors, ...filters } = Route.useSearch();
  const { cursorRefused } = Route.useLoaderData();
  const config = useConsoleConfig();
  const navigate = Route.useNavigate();
  return (
    <StockListPage
      key={JSON.stringify(filters)}
      search={filters}
      cursors={cursorRefused ? [] : (cursors ?? [])}
      cursorRefused={cursorRefused}
      warehouses={config.warehouses}
      onChange={(next) => void navigate({ search: { ...next, cursors: undefined } })}
    />
  );
}
