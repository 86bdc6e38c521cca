import { Alert, Group, Stack, Text, Title } from '@mantine/core';
import { EmptyState } from '../../../components/empty-state';
import { ButtonLink } from '../../../components/router-links';
import { useCan } from '../../../lib/session';
import { useProductsByCode } from '../api/get-products-by-code';
import { useRecentProducts } from '../api/get-recent-products';
import { ProductCodeLookup } from './product-code-lookup';
import { ProductTable } from './product-table';

function NewProductButton() {
  const mayCreate = useCan('products.write');
  return mayCreate ? <ButtonLink to="/products/new">New product</ButtonLink> : null;
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

type ProductsPageProps = {
  code: string | undefined;
  cursors: string[];
  /** The listing refused the page in the URL, so the first page is shown instead. */
  cursorRefused: boolean;
  onLookup: (code: string) => void;
};

/** Look up a product by its exact code, or page through the recently changed ones. */
export function ProductsPage({ code, cursors, cursorRefused, onLookup }: ProductsPageProps) {
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>Products</Title>
        <NewProductButton />
      </Group>
      <ProductCodeLookup key={code ?? ''} initialCode={code ?? ''} onLookup={onLookup} />
      {cursorRefused ? (
        <Alert color="blue" role="status" title="Showing the first page">
          The page in this link is not one the warehouse service knows (the link may be old or edited), so the
          newest products are shown.
        </Alert>
      ) : null}
      {code ? <CodeResult code={code} /> : <RecentProducts cursors={cursorRefused ? [] : cursors} />}
    </Stack>
  );
}
