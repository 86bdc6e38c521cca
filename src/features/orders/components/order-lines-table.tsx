import { Badge, Text } from '@mantine/core';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { ProductWithDescription } from '@/components/product-with-description';
import type { Order } from '@/contract/order';
import { attributeInWords, formatQuantity } from '@/domain/code-words';
import { formatNumber, formatPrice } from '@/domain/format';
import { type FulfillmentState, type LineFulfillment, lineFulfillment } from '@/domain/line-fulfillment';
import { deriveOrderState } from '@/domain/record-states';
import { useAttributeLabels, useConsoleConfig } from '@/lib/get-console-config';
import type { ProductDescriptions } from '@/lib/get-product-descriptions';

const resultWords: Record<FulfillmentState, { label: string; color: string }> = {
  full: { label: 'Full', color: 'green' },
  short: { label: 'Short', color: 'red' },
  over: { label: 'Over', color: 'orange' },
  pending: { label: 'Not shipped yet', color: 'gray' },
  canceled: { label: 'Canceled', color: 'gray' },
};

/**
 * What became of the units not shipped as ordered: still to ship while a shipment is open, canceled when
 * their shipment was, short only when the warehouse finished without them.
 */
export function lineOutcome({ ordered, shipped, canceled, state }: LineFulfillment): string {
  if (state === 'over') return `${formatNumber(shipped - ordered)} extra`;
  const canceledPart = canceled > 0 ? `${formatNumber(canceled)} canceled` : '';
  const rest = ordered - shipped - canceled;
  const restPart =
    rest <= 0 ? '' : state === 'short' ? `${formatNumber(rest)} short` : `${formatNumber(rest)} to ship`;
  return [restPart, canceledPart].filter(Boolean).join(' · ');
}

/**
 * A line of a canceled order that no shipment settled (the order was canceled before the warehouse opened
 * one) still reads as pending: its unshipped units were canceled with the order, not still to ship.
 */
export function settledLine(result: LineFulfillment, orderCanceled: boolean): LineFulfillment {
  if (!orderCanceled || result.state !== 'pending') return result;
  return { ...result, state: 'canceled', canceled: Math.max(0, result.ordered - result.shipped) };
}

/** A row: an order line with what became of it, or a product that shipped though no line ordered it. */
type LineRow = {
  key: string;
  number: string;
  productCode: string;
  yourLine?: string;
  ordered: string;
  shipped: string;
  state: FulfillmentState;
  outcome: string;
  attributes: string;
  price: string;
};

function lineRows(order: Order, labels: Readonly<Record<string, string>>, currency: string): LineRow[] {
  const fulfillment = lineFulfillment(order);
  const canceled = deriveOrderState(order).state === 'canceled';
  const lines = fulfillment.lines.map((shown, index): LineRow => {
    const result = settledLine(shown, canceled);
    const { line } = result;
    return {
      key: `${line.lineNumber ?? index}-${line.productCode}`,
      number: String(line.lineNumber ?? index + 1),
      productCode: line.productCode,
      yourLine: line.externalLineReference,
      ordered: formatQuantity(result.ordered, line.quantityUnit),
      shipped: formatQuantity(result.shipped, line.quantityUnit),
      state: result.state,
      outcome: lineOutcome(result),
      attributes: line.partAttributes
        .map((attribute) => attributeInWords(attribute.key, attribute.value, labels))
        .join(', '),
      price: formatPrice(line.linePrice, currency),
    };
  });
  const extras = fulfillment.unmatched.map(
    (extra): LineRow => ({
      key: `unmatched-${extra.productCode}`,
      number: '—',
      productCode: extra.productCode,
      ordered: '0',
      shipped: formatNumber(extra.shipped),
      state: 'over',
      outcome: 'not on the order',
      attributes: '',
      price: '',
    }),
  );
  return [...lines, ...extras];
}

function columnsOf(descriptions: ProductDescriptions): DataTableColumn<LineRow>[] {
  return [
    { key: 'line', header: 'Line', cell: (row) => row.number },
    {
      key: 'product',
      header: 'Product',
      rowHeader: true,
      cell: (row) => (
        <>
          <ProductWithDescription code={row.productCode} descriptions={descriptions} />
          {row.yourLine ? (
            <Text size="xs" c="dimmed">
              Your line {row.yourLine}
            </Text>
          ) : null}
        </>
      ),
    },
    { key: 'ordered', header: 'Ordered', numeric: true, cell: (row) => row.ordered },
    { key: 'shipped', header: 'Shipped', numeric: true, cell: (row) => row.shipped },
    {
      key: 'result',
      header: 'Result',
      answer: true,
      cell: (row) => (
        <>
          <Badge color={resultWords[row.state].color} variant="light" tt="none" miw="max-content">
            {resultWords[row.state].label}
          </Badge>{' '}
          <Text span size="sm">
            {row.outcome}
          </Text>
        </>
      ),
    },
    { key: 'attributes', header: 'Part attributes', cell: (row) => row.attributes || '—' },
    { key: 'price', header: 'Line price', numeric: true, cell: (row) => row.price || '—' },
  ];
}

/**
 * Ordered against shipped per line, summed over finalized shipments, with what became of the rest. On a
 * phone each line is a card with its result first.
 */
export function OrderLinesTable({
  order,
  descriptions = new Map(),
}: {
  order: Order;
  /** The descriptions of the page's product codes, asked once for the whole page. */
  descriptions?: ProductDescriptions;
}) {
  const { priceCurrency } = useConsoleConfig();
  const labels = useAttributeLabels();
  return (
    <DataTable
      caption="Ordered against shipped, per line"
      columns={columnsOf(descriptions)}
      rows={lineRows(order, labels, priceCurrency)}
      rowKey={(row) => row.key}
      rowData={(row) => ({ 'data-state': row.state })}
      minWidth={640}
      empty={null}
    />
  );
}
