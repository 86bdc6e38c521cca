import { Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { EmptyState } from '../../components/empty-state';
import {
  useProductsByCode,
  getProductsByCodeQueryOptions,
} from '../../features/products/api/get-products-by-code';
import {
  getRecentProductsQueryOptions,
  useRecentProducts,
} from '../../features/products/api/get-recent-products';
import { ProductCodeLookup } from '../../features/products/components/product-code-lookup';
import { ProductTable } from '../../features/products/components/product-table';
import { ButtonLink } from '../../components/router-links';
import { readText, readTextList } from '../../lib/search-params';

export const Route = createFileRoute('/products/')({
  // A bad value degrades to the first page of recent products instead of an error.
  validateSearch: (search: { code?: string; cursors?: string[] } & SearchSchemaInput) => ({
    code: readText(search.code),
    cursors: readTextList(search.cursors),
  }),
  loaderDeps: ({ search }) => ({ code: search.code, cursor: search.cursors?.at(-1) }),
  loader: ({ context: { queryClient }, deps: { code, cursor } }) =>
    code
      ? queryClient.ensureQueryData(getProductsByCodeQueryOptions(code))
      : queryClient.ensureQueryData(getRecentProductsQueryOptions(cursor)),
  component: ProductsPage,
});

function NewProductButton() {
  return <ButtonLink to="/products/new">New product</ButtonLink>;
}

function CodeResult({ code }: { code: string }) {
  const products = useProductsByCode(code);
  return (
    <ProductTable
      caption={`Product with code ${code}`}
      products={products}
      empty={
        <EmptyState
          title={`No product has the code “${code}”`}
          description="Codes match exactly, including letter case."
          action={
            <Group>
              <NewProductButton />
              <ButtonLink variant="default" to="/products">
                Show recent products
              </ButtonLink>
            </Group>
          }
        />
      }
      footer={
        <ButtonLink variant="subtle" to="/products" mt="sm">
          Show recent products
        </ButtonLink>
      }
    />
  );
}

function RecentProducts({ cursors }: { cursors: string[] }) {
  const page = useRecentProducts(cursors.at(-1));
  const pageNumber = cursors.length + 1;
  return (
    <ProductTable
      caption={`Recently changed products, page ${pageNumber}`}
      products={page.products}
      empty={
        <EmptyState
          title={pageNumber === 1 ? 'No products yet' : 'No more products'}
          description={
            pageNumber === 1
              ? 'Create the first product so it can be used on receives and orders.'
              : undefined
          }
          action={pageNumber === 1 ? <NewProductButton /> : undefined}
        />
      }
      footer={
        <Group component="nav" aria-label="Pages" justify="space-between" mt="sm">
          <Text size="sm">Page {pageNumber}</Text>
          <Group gap="xs">
            {pageNumber > 1 ? (
              <ButtonLink
                variant="default"
                to="/products"
                search={{ cursors: cursors.length > 1 ? cursors.slice(0, -1) : undefined }}
              >
                Newer products
              </ButtonLink>
            ) : null}
            {page.nextCursor ? (
              <ButtonLink
                variant="default"
                to="/products"
                search={{ cursors: [...cursors, page.nextCursor] }}
              >
                Older products
              </ButtonLink>
            ) : null}
          </Group>
        </Group>
      }
    />
  );
}

function ProductsPage() {
  const { code, cursors } = Route.useSearch();
  const navigate = Route.useNavigate();
  useDocumentTitle('Products · Warehouse Console');
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>Products</Title>
        <NewProductButton />
      </Group>
      <ProductCodeLookup
        key={code ?? ''}
        initialCode={code ?? ''}
        onLookup={(next) => navigate({ search: { code: next || undefined } })}
      />
      {code ? <CodeResult code={code} /> : <RecentProducts cursors={cursors ?? []} />}
    </Stack>
  );
}
