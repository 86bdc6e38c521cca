import { Text } from '@mantine/core';
import { CompletenessBar } from '@/components/completeness-bar';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { ProductWithDescription } from '@/components/product-with-description';
import { ReceiveStateBadge } from '@/components/state-badge';
import { formatQuantity } from '@/domain/code-words';
import { formatNumber } from '@/domain/format';
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

function columnsOf(
  descriptions: ProductDescriptions,
  onPallets: boolean,
): DataTableColumn<LineCompleteness>[] {
  const pallet: DataTableColumn<LineCompleteness> = {
    key: 'pallet',
    header: 'Pallet',
    cell: (line) => line.palletId ?? '—',
  };
  return [
    {
      key: 'line',
      header: 'Line',
      cell: (line) =>
        line.unannounced ? 'Not announced' : (line.lineNumber ?? line.externalLineReference ?? '—'),
    },
    {
      key: 'product',
      header: 'Product',
      rowHeader: true,
      cell: (line) => <ProductWithDescription code={line.productCode} descriptions={descriptions} />,
    },
    ...(onPallets ? [pallet] : []),
    {
      key: 'announced',
      header: 'Announced',
      numeric: true,
      cell: (line) => formatQuantity(line.announced, line.quantityUnit),
    },
    { key: 'received', header: 'Received', numeric: true, cell: (line) => formatNumber(line.received) },
    { key: 'difference', header: 'Difference', numeric: true, answer: true, cell: lineDifference },
    { key: 'state', header: 'State', cell: (line) => <ReceiveStateBadge state={line.state} /> },
    {
      key: 'progress',
      header: 'Progress',
      width: 180,
      cell: (line) => (
        <CompletenessBar
          percentage={lineProgress(line)}
          color={receiveStateOf(line.state).color}
          label={`Received of ${line.productCode}`}
          size="sm"
        />
      ),
    },
  ];
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
  return (
    <DataTable
      caption={caption}
      columns={columnsOf(
        descriptions,
        lines.some((line) => line.palletId),
      )}
      rows={lines}
      rowKey={(line) => line.key}
      rowData={(line) => ({ 'data-testid': 'receive-line', 'data-state': line.state })}
      minWidth={720}
      empty={<Text c="dimmed">This receive has no lines.</Text>}
    />
  );
}
