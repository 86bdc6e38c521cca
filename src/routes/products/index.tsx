import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { getRecentProductsQueryOptions } from '@/features/products/api/get-recent-products';
import { ProductListPage } from '@/features/products/components/product-list-page';
import { isWarehouseDown, problemWords } from '@/lib/api-error';
import { type CursorPageSearch, loadCursorPage, readCursors } from '@/lib/cursor-pages';
import { focusHeadingState } from '@/lib/heading-focus';
import { matchToOpen, searchOneKindQueryOptions } from '@/lib/search-one-kind';
import { readText } from '@/lib/search-params';

export const Route = createFileRoute('/products/')({
  // A bad value degrades to the first page of recent products instead of an error.
  validateSearch: (search: { code?: string } & CursorPageSearch & SearchSchemaInput) => ({
    code: readText(search.code),
    cursors: readCursors(search.cursors),
  }),
  loaderDeps: ({ search }) => ({ code: search.code, cursors: search.cursors }),
  loader: async ({ context: { queryClient }, deps: { code, cursors } }) => {
    if (code) {
      await queryClient.ensureQueryData(searchOneKindQueryOptions('product', code));
      return { cursorRefused: false, warehouseDown: null };
    }
    try {
      const loaded = await loadCursorPage(cursors, (cursor) =>
        queryClient.ensureQueryData(getRecentProductsQueryOptions(cursor)),
      );
      return { ...loaded, warehouseDown: null };
    } catch (error) {
      // The warehouse not answering is no reason to lose the page: its search reads the console's copy.
      if (!isWarehouseDown(error)) throw error;
      return { cursorRefused: false, warehouseDown: problemWords(error) };
    }
  },
  head: () => ({ meta: [{ title: 'Products · Warehouse Console' }] }),
  component: ProductListRoute,
});

function ProductListRoute() {
  const { code, cursors } = Route.useSearch();
  const loaded = Route.useLoaderData();
  const navigate = Route.useNavigate();
  const { queryClient } = Route.useRouteContext();
  // One product found opens it; several, or none, are shown on the list, from `code` in the URL.
  async function lookUp(next: string) {
    const found = next
      ? await queryClient.fetchQuery(searchOneKindQueryOptions('product', next)).catch(() => null)
      : null;
    const only = found && matchToOpen(found, next);
    if (only) {
      await navigate({
        to: '/products/$productId',
        params: { productId: only.id },
        state: focusHeadingState,
      });
      return;
    }
    await navigate({ search: { code: next || undefined } });
  }
  return (
    <ProductListPage
      code={code}
      cursors={cursors ?? []}
      cursorRefused={loaded.cursorRefused}
      warehouseDown={loaded.warehouseDown}
      onLookup={lookUp}
    />
  );
}
