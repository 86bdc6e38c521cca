import { Table, Text } from '@mantine/core';
import { CardRows } from '@/components/card-rows';
import { CompletenessBar } from '@/components/completeness-bar';
import { ProductWithDescription } from '@/components/product-with-description';
import { ReceiveStateBadge } from '@/components/state-badge';
import { formatNumber, formatQuantity } from '@/domain/format';
import { displayPercentage, type LineCompleteness } from '@/domain/receive-completeness';
import { receiveStateOf } from '@/domain/record-states';
import type { ProductDescriptions } from '@/lib/get-product-descriptions';

/**
 * What is between announced and received, in words: still outstanding while the receive is open, short
 * only once it is finalized without them, canceled with the receive, and extra whenever more came.
 */
export function lineDifference(line: LineCompleteness): string {
  if (line.difference === 0) return '0';
  const amount = formatNumber(Math.abs(line.difference));
  if (line.difference > 0) return `${amount} extra`;
  if (line.state === 'short') return `${amount} short`;
  if (line.state === 'canceled') return `${amount} canceled`;
  return `${amount} outstanding`;
}

function lineProgress(line: LineCompleteness): number {
  if (line.announced === 0) return line.received > 0 ? 100 : 0;
  return displayPercentage((Math.min(line.received, line.announced) / line.announced) * 100);
}

/**
 * Announced against received, one row per line, with what is outstanding, short or extra in words, and the
 * pallet a line was announced on when any was. On a phone each line is a card with its difference first.
 */
export function ReceiveLinesTable({
  lines,
  caption,
  descriptions = new Map(),
}: {
  lines: LineCompleteness[];
  caption: string;
  /** The descriptions of the page's product codes, asked once for the whole page. */
  descriptions?: ProductDescriptions;
}) {
  if (lines.length === 0) return <Text c="dimmed">This receive has no lines.</Text>;
  const onPallets = lines.some((line) => line.palletId);
  return (
    <CardRows>
      <Table.ScrollContainer minWidth={720}>
        <Table striped highlightOnHover captionSide="top">
          <Table.Caption style={{ textAlign: 'left' }}>{caption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Line</Table.Th>
              <Table.Th scope="col">Product</Table.Th>
              {onPallets ? <Table.Th scope="col">Pallet</Table.Th> : null}
              <Table.Th scope="col" ta="right">
                Announced
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Received
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Difference
              </Table.Th>
              <Table.Th scope="col">State</Table.Th>
              <Table.Th scope="col" w={180}>
                Progress
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line) => (
              <Table.Tr
                key={line.key}
                data-testid="receive-line"
                data-state={line.state}
                className="answer-first"
              >
                <Table.Td>
                  {line.unannounced
                    ? 'Not announced'
                    : (line.lineNumber ?? line.externalLineReference ?? '—')}
                </Table.Td>
                <Table.Th scope="row" fw={500}>
                  <ProductWithDescription code={line.productCode} descriptions={descriptions} />
                </Table.Th>
                {onPallets ? <Table.Td>{line.palletId ?? '—'}</Table.Td> : null}
                <Table.Td ta="right">{formatQuantity(line.announced, line.quantityUnit)}</Table.Td>
                <Table.Td ta="right">{formatNumber(line.received)}</Table.Td>
                <Table.Td ta="right" data-answer>
                  {lineDifference(line)}
                </Table.Td>
                <Table.Td>
                  <ReceiveStateBadge state={line.state} />
                </Table.Td>
                <Table.Td>
                  <CompletenessBar
                    percentage={lineProgress(line)}
                    color={receiveStateOf(line.state).color}
                    label={`Received of ${line.productCode}`}
                    size="sm"
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </CardRows>
  );
}
