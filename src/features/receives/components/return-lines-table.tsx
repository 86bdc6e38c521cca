import { Text } from '@mantine/core';
import { DataTable } from '@/components/data-table';
import { ProductWithDescription } from '@/components/product-with-description';
import { formatQuantity } from '@/domain/code-words';
import type { ProductDescriptions } from '@/lib/get-product-descriptions';
import type { ReturnLineRow } from '../model/return-lines';

/**
 * The original order's lines as shipped to the customer, announced back and received back, with why. On a
 * phone each line is a card with its reason first.
 */
export function ReturnLinesTable({
  rows,
  caption,
  descriptions = new Map(),
}: {
  rows: ReturnLineRow[];
  caption: string;
  /** The descriptions of the page's product codes, asked once for the whole page. */
  descriptions?: ProductDescriptions;
}) {
  return (
    <DataTable
      caption={caption}
      columns={[
        {
          key: 'product',
          header: 'Product',
          rowHeader: true,
          cell: (row) => <ProductWithDescription code={row.productCode} descriptions={descriptions} />,
        },
        {
          key: 'shipped',
          header: 'Shipped to the customer',
          numeric: true,
          cell: (row) =>
            row.shipped === null ? 'Not on the order' : formatQuantity(row.shipped, row.quantityUnit),
        },
        {
          key: 'announced',
          header: 'Announced back',
          numeric: true,
          cell: (row) => formatQuantity(row.announced, row.quantityUnit),
        },
        {
          key: 'received',
          header: 'Received back',
          numeric: true,
          cell: (row) => formatQuantity(row.received, row.quantityUnit),
        },
        { key: 'reason', header: 'Reason', answer: true, cell: (row) => row.reasons.join('; ') || '—' },
      ]}
      rows={rows}
      rowKey={(row) => row.productCode}
      rowData={() => ({ 'data-testid': 'return-line' })}
      minWidth={560}
      empty={<Text c="dimmed">This return has no lines.</Text>}
    />
  );
}
