import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { getProductsByCodeQueryOptions } from '../../features/products/api/get-products-by-code';
import { ensureRecentProducts } from '../../features/products/api/get-recent-products';
import { ProductsPage } from '../../features/products/components/products-page';
import { readText, readTextList } from '../../lib/search-params';

export const Route = createFileRoute('/products/')({
  // A bad value degrades to the first page of recent products instead of an error.
  validateSearch: (search: { code?: string; cursors?: string[] } & SearchSchemaInput) => ({
    code: readText(search.code),
    cursors: readTextList(search.cursors),
  }),
  loaderDeps: ({ search }) => ({ code: search.code, cursor: search.cursors?.at(-1) }),
  loader: async ({ context: { queryClient }, deps: { code, cursor } }) => {
    if (!code) return ensureRecentProducts(queryClient, cursor);
    await queryClient.ensureQueryData(getProductsByCodeQueryOptions(code));
    return { cursorRefused: false };
  },
  head: () => ({ meta: [{ title: 'Products · Warehouse Console' }] }),
  component: ProductsRoute,
});

function ProductsRoute() {
  const { code, cursors } = Route.useSearch();
  const { cursorRefused } = Route.useLoaderData();
  const navigate = Route.useNavigate();
  return (
    <ProductsPage
      code={code}
      cursors={cursors ?? []}
      cursorRefused={cursorRefused}
      onLookup={(next) => navigate({ search: { code: next || undefined } })}
    />
  );
}
