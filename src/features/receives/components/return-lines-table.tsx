import { Table, Text } from '@mantine/core';
import { CardRows } from '@/components/card-rows';
import { ProductWithDescription } from '@/components/product-with-description';
import { formatQuantity } from '@/domain/format';
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
  if (rows.length === 0) return <Text c="dimmed">This return has no lines.</Text>;
  // Narrower than the table, the box scrolls on its own: the keyboard can reach it to scroll it too.
  return (
    <CardRows>
      <Table.ScrollContainer minWidth={560} type="native" tabIndex={0} role="region" aria-label={caption}>
        <Table striped captionSide="top">
          <Table.Caption style={{ textAlign: 'left' }}>{caption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Product</Table.Th>
              <Table.Th scope="col" ta="right">
                Shipped to the customer
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Announced back
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Received back
              </Table.Th>
              <Table.Th scope="col">Reason</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.productCode} data-testid="return-line" className="answer-first">
                <Table.Th scope="row" fw={500}>
                  <ProductWithDescription code={row.productCode} descriptions={descriptions} />
                </Table.Th>
                <Table.Td ta="right">
                  {row.shipped === null ? 'Not on the order' : formatQuantity(row.shipped, row.quantityUnit)}
                </Table.Td>
                <Table.Td ta="right">{formatQuantity(row.announced, row.quantityUnit)}</Table.Td>
                <Table.Td ta="right">{formatQuantity(row.received, row.quantityUnit)}</Table.Td>
                <Table.Td data-answer>{row.reasons.join('; ') || '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </CardRows>
  );
}
