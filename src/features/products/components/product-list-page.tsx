import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { BoxMatches } from '@/components/box-matches';
import { EmptyState } from '@/components/empty-state';
import { FirstPageNote } from '@/components/first-page-note';
import { ListingLimitsNote } from '@/components/listing-limits-note';
import { Pager } from '@/components/pager';
import { ButtonLink } from '@/components/router-links';
import { cursorPager } from '@/lib/cursor-pages';
import { searchOneKindQueryOptions } from '@/lib/search-one-kind';
import { useCan } from '@/lib/session';
import { useRecentProducts } from '../api/get-recent-products';
import { ProductCodeLookup } from './product-code-lookup';
import { ProductTable } from './product-table';

function NewProductButton() {
  const mayCreate = useCan('products.write');
  return mayCreate ? <ButtonLink to="/products/new">New product</ButtonLink> : null;
}

function ImportProductsLink() {
  const mayCreate = useCan('products.write');
  return mayCreate ? (
    <ButtonLink to="/products/import" variant="default">
      Import from CSV
    </ButtonLink>
  ) : null;
}

/** What the box found for `code`: a list to choose from, or words saying nothing matched. */
function CodeResult({ code }: { code: string }) {
  const found = useSuspenseQuery(searchOneKindQueryOptions('product', code)).data;
  if (found.matches.length === 0) {
    return (
      <EmptyState
        title={`No product matches “${code}”`}
        description="Try a product code, the start of one, or a word of its description."
        action={
          <Group>
            <NewProductButton />
            <ButtonLink variant="default" to="/products">
              Show recent products
            </ButtonLink>
          </Group>
        }
      />
    );
  }
  return (
    <Stack gap="sm" align="flex-start">
      <BoxMatches q={code} found={found} what="product" />
      <ButtonLink variant="subtle" to="/products">
        Show recent products
      </ButtonLink>
    </Stack>
  );
}

/**
 * Said in place of the recent products when the warehouse does not answer its listing, with what the
 * server said (its hint for administrators, a plain sentence for others).
 */
function RecentProductsUnavailable({ said }: { said: string }) {
  const router = useRouter();
  return (
    <Alert color="orange" title="The warehouse is not answering" role="status">
      <Text size="sm">
        Its list of recently changed products cannot be read just now. The search above still finds any
        product by code or description in the console’s own copy.
      </Text>
      <Text size="sm" mt="xs">
        {said}
      </Text>
      <Button mt="sm" variant="default" onClick={() => router.invalidate()}>
        Try the list again
      </Button>
    </Alert>
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
  /** What the server said when the warehouse did not answer the listing; null when it answered. */
  warehouseDown?: string | null;
  onLookup: (code: string) => Promise<void>;
};

/** Find products by code or description, or page through the recently changed ones. */
export function ProductListPage({
  code,
  cursors,
  cursorRefused,
  warehouseDown = null,
  onLookup,
}: ProductListPageProps) {
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>Products</Title>
        <Group>
          <ImportProductsLink />
          <NewProductButton />
        </Group>
      </Group>
      <ProductCodeLookup key={code ?? ''} initialCode={code ?? ''} onLookup={onLookup} />
      {cursorRefused ? <FirstPageNote what="products" /> : null}
      {code ? (
        <CodeResult code={code} />
      ) : warehouseDown !== null ? (
        <RecentProductsUnavailable said={warehouseDown} />
      ) : (
        <RecentProducts cursors={cursorRefused ? [] : cursors} />
      )}
    </Stack>
  );
}
