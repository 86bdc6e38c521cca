import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { getProductsByCodeQueryOptions } from '../../features/products/api/get-products-by-code';
import { getRecentProductsQueryOptions } from '../../features/products/api/get-recent-products';
import { ProductListPage } from '../../features/products/components/product-list-page';
import { type CursorPageSearch, loadCursorPage, readCursors } from '../../lib/cursor-pages';
import { readText } from '../../lib/search-params';

export const Route = createFileRoute('/products/')({
  // A bad value degrades to the first page of recent products instead of an error.
  validateSearch: (search: { code?: string } & CursorPageSearch & SearchSchemaInput) => ({
    code: readText(search.code),
    cursors: readCursors(search.cursors),
  }),
  loaderDeps: ({ search }) => ({ code: search.code, cursors: search.cursors }),
  loader: async ({ context: { queryClient }, deps: { code, cursors } }) => {
    if (!code)
      return loadCursorPage(cursors, (cursor) =>
        queryClient.ensureQueryData(getRecentProductsQueryOptions(cursor)),
      );
    await queryClient.ensureQueryData(getProductsByCodeQueryOptions(code));
    return { cursorRefused: false };
  },
  head: () => ({ meta: [{ title: 'Products · Warehouse Console' }] }),
  component: ProductListRoute,
});

function ProductListRoute() {
  const { code, cursors } = Route.useSearch();
  const { cursorRefused } = Route.useLoaderData();
  const navigate = Route.useNavigate();
  return (
    <ProductListPage
      code={code}
      cursors={cursors ?? []}
      cursorRefused={cursorRefused}
      onLookup={(next) => navigate({ search: { code: next || undefined } })}
    />
  );
}
