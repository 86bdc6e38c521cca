import { Badge, Table, Text } from '@mantine/core';
import type { Order } from '../../../contract/order';
import { type FulfillmentState, lineFulfillment } from '../../../lib/line-fulfillment';

const stateLabels: Record<FulfillmentState, { label: string; color: string }> = {
  full: { label: 'Full', color: 'green' },
  short: { label: 'Short', color: 'red' },
  over: { label: 'Over', color: 'orange' },
  pending: { label: 'Not shipped yet', color: 'gray' },
  canceled: { label: 'Canceled', color: 'gray' },
};

function difference(ordered: number, shipped: number, state: FulfillmentState): string {
  if (state === 'short') return `${ordered - shipped} missing`;
  if (state === 'over') return `${shipped - ordered} extra`;
  return '';
}

/** Ordered against shipped per line, summed over finalized shipments, marked full, short or over. */
export function OrderLinesTable({ order }: { order: Order }) {
  const fulfillment = lineFulfillment(order);
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped captionSide="top">
        <Table.Caption style={{ textAlign: 'left' }}>Ordered against shipped, per line</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Line</Table.Th>
            <Table.Th scope="col">Product</Table.Th>
            <Table.Th scope="col">Ordered</Table.Th>
            <Table.Th scope="col">Shipped</Table.Th>
            <Table.Th scope="col">Result</Table.Th>
            <Table.Th scope="col">Part attributes</Table.Th>
            <Table.Th scope="col">Line price</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {fulfillment.lines.map(({ line, ordered, shipped, state }, index) => (
            <Table.Tr key={`${line.lineNumber ?? index}-${line.productCode}`}>
              <Table.Td>{line.lineNumber ?? index + 1}</Table.Td>
              <Table.Th scope="row">
                {line.productCode}
                {line.externalLineReference ? (
                  <Text size="xs" c="dimmed">
                    Your line {line.externalLineReference}
                  </Text>
                ) : null}
              </Table.Th>
              <Table.Td>
                {ordered} {line.quantityUnit ?? ''}
              </Table.Td>
              <Table.Td>{shipped}</Table.Td>
              <Table.Td>
                <Badge color={stateLabels[state].color} variant="light">
                  {stateLabels[state].label}
                </Badge>{' '}
                <Text span size="sm">
                  {difference(ordered, shipped, state)}
                </Text>
              </Table.Td>
              <Table.Td>
                {line.partAttributes.map((attribute) => `${attribute.key} ${attribute.value}`).join(', ') ||
                  '—'}
              </Table.Td>
              <Table.Td>{line.linePrice ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
          {fulfillment.unmatched.map((extra) => (
            <Table.Tr key={`unmatched-${extra.productCode}`}>
              <Table.Td>—</Table.Td>
              <Table.Th scope="row">{extra.productCode}</Table.Th>
              <Table.Td>0</Table.Td>
              <Table.Td>{extra.shipped}</Table.Td>
              <Table.Td>
                <Badge color="orange" variant="light">
                  Over
                </Badge>{' '}
                <Text span size="sm">
                  not on the order
                </Text>
              </Table.Td>
              <Table.Td>—</Table.Td>
              <Table.Td>—</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
