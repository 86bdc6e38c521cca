import { Badge, Table, Text } from '@mantine/core';
import { CardRows } from '@/components/card-rows';
import { ProductWithDescription } from '@/components/product-with-description';
import type { Order } from '@/contract/order';
import { attributeInWords } from '@/domain/code-words';
import { formatNumber, formatPrice, formatQuantity } from '@/domain/format';
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
  const fulfillment = lineFulfillment(order);
  const canceled = deriveOrderState(order).state === 'canceled';
  return (
    <CardRows>
      <Table.ScrollContainer minWidth={640}>
        <Table striped captionSide="top">
          <Table.Caption style={{ textAlign: 'left' }}>Ordered against shipped, per line</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Line</Table.Th>
              <Table.Th scope="col">Product</Table.Th>
              <Table.Th scope="col" ta="right">
                Ordered
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Shipped
              </Table.Th>
              <Table.Th scope="col">Result</Table.Th>
              <Table.Th scope="col">Part attributes</Table.Th>
              <Table.Th scope="col" ta="right">
                Line price
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {fulfillment.lines.map((shown, index) => {
              const result = settledLine(shown, canceled);
              const { line, ordered, shipped, state } = result;
              return (
                <Table.Tr
                  key={`${line.lineNumber ?? index}-${line.productCode}`}
                  data-state={state}
                  className="answer-first"
                >
                  <Table.Td>{line.lineNumber ?? index + 1}</Table.Td>
                  <Table.Th scope="row">
                    <ProductWithDescription code={line.productCode} descriptions={descriptions} />
                    {line.externalLineReference ? (
                      <Text size="xs" c="dimmed">
                        Your line {line.externalLineReference}
                      </Text>
                    ) : null}
                  </Table.Th>
                  <Table.Td ta="right">{formatQuantity(ordered, line.quantityUnit)}</Table.Td>
                  <Table.Td ta="right">{formatQuantity(shipped, line.quantityUnit)}</Table.Td>
                  <Table.Td data-answer>
                    <Badge color={resultWords[state].color} variant="light" tt="none" miw="max-content">
                      {resultWords[state].label}
                    </Badge>{' '}
                    <Text span size="sm">
                      {lineOutcome(result)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {line.partAttributes
                      .map((attribute) => attributeInWords(attribute.key, attribute.value, labels))
                      .join(', ') || '—'}
                  </Table.Td>
                  <Table.Td ta="right">{formatPrice(line.linePrice, priceCurrency) || '—'}</Table.Td>
                </Table.Tr>
              );
            })}
            {fulfillment.unmatched.map((extra) => (
              <Table.Tr key={`unmatched-${extra.productCode}`} data-state="over" className="answer-first">
                <Table.Td>—</Table.Td>
                <Table.Th scope="row">
                  <ProductWithDescription code={extra.productCode} descriptions={descriptions} />
                </Table.Th>
                <Table.Td ta="right">0</Table.Td>
                <Table.Td ta="right">{formatNumber(extra.shipped)}</Table.Td>
                <Table.Td data-answer>
                  <Badge color={resultWords.over.color} variant="light" tt="none" miw="max-content">
                    {resultWords.over.label}
                  </Badge>{' '}
                  <Text span size="sm">
                    not on the order
                  </Text>
                </Table.Td>
                <Table.Td>—</Table.Td>
                <Table.Td ta="right">—</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </CardRows>
  );
}
