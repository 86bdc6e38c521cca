import { Group, Stack, Title } from '@mantine/core';
import { EmptyState } from '../../../components/empty-state';
import { FirstPageNote } from '../../../components/first-page-note';
import { ListingLimitsNote } from '../../../components/listing-limits-note';
import { Pager } from '../../../components/pager';
import { ButtonLink } from '../../../components/router-links';
import { cursorPager } from '../../../lib/cursor-pages';
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
  const recent = useRecentProducts(cursors.at(-1));
  const pager = cursorPager(cursors, recent.nextCursor);
  return (
    <>
      <ListingLimitsNote ignored={recent.ignored} what="products" />
      <ProductTable
        caption={`Recently changed products, page ${pager.page}`}
        products={recent.products}
        empty={
          <EmptyState
            title={pager.page === 1 ? 'No products yet' : 'No more products'}
            description={
              pager.page === 1
                ? 'Create the first product so it can be used on receives and orders.'
                : undefined
            }
            action={pager.page === 1 ? <NewProductButton /> : undefined}
          />
        }
        footer={<Pager {...pager} />}
      />
    </>
  );
}

type ProductListPageProps = {
  code: string | undefined;
  cursors: string[];
  /** The listing refused the page in the URL, so the first page is shown instead. */
  cursorRefused: boolean;
  onLookup: (code: string) => void;
};

/** Look up a product by its exact code, or page through the recently changed ones. */
export function ProductListPage({ code, cursors, cursorRefused, onLookup }: ProductListPageProps) {
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>Products</Title>
        <NewProductButton />
      </Group>
      <ProductCodeLookup key={code ?? ''} initialCode={code ?? ''} onLookup={onLookup} />
      {cursorRefused ? <FirstPageNote what="products" /> : null}
      {code ? <CodeResult code={code} /> : <RecentProducts cursors={cursorRefused ? [] : cursors} />}
    </Stack>
  );
}
