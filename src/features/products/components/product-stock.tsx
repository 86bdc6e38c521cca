import { Alert, Stack, Text, Title } from '@mantine/core';
import { EmptyState } from '@/components/empty-state';
import { AnchorLink } from '@/components/router-links';
import { StockTable, stockCountNote } from '@/components/stock-table';
import { formatNumber } from '@/domain/format';
import { useProductStock } from '../api/get-product-stock';

/** A product's stock as the console counts it, by warehouse and lot, with what does not add up. */
export function ProductStock({ productCode }: { productCode: string }) {
  const { levels, truncated } = useProductStock(productCode);
  const onHand = levels.reduce((sum, level) => sum + level.onHand, 0);
  const incoming = levels.reduce((sum, level) => sum + level.incoming, 0);
  const committed = levels.reduce((sum, level) => sum + level.committed, 0);
  return (
    <Stack gap="sm" component="section" aria-labelledby="product-stock">
      <Title order={2} size="h4" id="product-stock">
        Stock as the console counts it
      </Title>
      <Text size="sm" c="dimmed" maw={760}>
        {stockCountNote}
      </Text>
      {levels.length > 0 ? (
        <Text size="sm">
          On hand {formatNumber(onHand)} · incoming {formatNumber(incoming)} · committed{' '}
          {formatNumber(committed)}
        </Text>
      ) : null}
      {truncated ? (
        <Alert color="yellow" title="More lots than one page shows">
          The first lots are shown; the{' '}
          <AnchorLink to="/stock" search={{ q: productCode }}>
            stock list
          </AnchorLink>{' '}
          pages through all of them.
        </Alert>
      ) : null}
      <StockTable
        caption={`Stock of ${productCode} by warehouse and lot`}
        levels={levels}
        empty={
          <EmptyState
            headingLevel={3}
            title="No stock counted"
            description="No receive, return or order the console holds has moved this product."
          />
        }
      />
    </Stack>
  );
}
