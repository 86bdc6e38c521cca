import { Badge, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { StockLevelRow } from '@/contract/stock';
import { formatCalendarDay, formatNumber } from '@/domain/format';
import { DataTable, type DataTableColumn, type SortDirection } from './data-table';
import { AnchorLink } from './router-links';

const flagWords: Record<StockLevelRow['flags'][number], string> = {
  shipped_unreceived: 'Never came in',
  below_zero: 'Below zero',
};

const flagTitles: Record<StockLevelRow['flags'][number], string> = {
  shipped_unreceived: 'Shipped, but no receive or return the console holds brought this lot in',
  below_zero: 'More went out than the records the console holds brought in',
};

/** What does not add up about a lot, in words, or nothing. */
function Flags({ level }: { level: StockLevelRow }) {
  if (level.flags.length === 0) return null;
  return (
    <Group gap={4}>
      {level.flags.map((flag) => (
        <Badge key={flag} color="red" variant="light" title={flagTitles[flag]}>
          {flagWords[flag]}
        </Badge>
      ))}
    </Group>
  );
}

/** A lot's expiry: its day, said to have passed when it has. */
function Expiry({ level, today }: { level: StockLevelRow; today: string }) {
  if (!level.expiry)
    return (
      <Text span c="dimmed" size="sm">
        —
      </Text>
    );
  const expired = level.expiry < today && level.onHand > 0;
  return (
    <Text span size="sm" fw={expired ? 700 : undefined}>
      {formatCalendarDay(level.expiry)}
      {expired ? ' (expired)' : ''}
    </Text>
  );
}

const units = (value: number) =>
  value === 0 ? (
    <Text span c="dimmed" size="sm">
      0
    </Text>
  ) : (
    formatNumber(value)
  );

/** A row's key: its product, warehouse and lot. */
export const stockRowKey = (level: StockLevelRow) =>
  JSON.stringify([level.productCode, level.warehouse, level.lot]);

/**
 * Stock by warehouse and lot as the console counts it: received and returned in, shipped out, on hand,
 * incoming and committed beside it, each lot's expiry and what does not add up. `withProduct` adds the
 * product's column (the stock list), linked to its page.
 */
export function StockTable({
  levels,
  caption,
  empty,
  footer,
  withProduct = false,
  dir,
  onSort,
}: {
  levels: readonly (StockLevelRow & { productId?: string | null })[];
  caption: string;
  empty: ReactNode;
  footer?: ReactNode;
  withProduct?: boolean;
  /** The list's order by product (and warehouse and lot), which the product column's header turns around. */
  dir?: SortDirection;
  onSort?: (dir: SortDirection) => void;
}) {
  const today = new Date().toLocaleDateString('en-CA');
  const columns: DataTableColumn<StockLevelRow>[] = [
    ...(withProduct
      ? [
          {
            key: 'product',
            header: 'Product',
            rowHeader: true,
            nowrap: true,
            sortKey: 'product' as const,
            cell: (level: StockLevelRow & { productId?: string | null }) =>
              level.productId ? (
                <AnchorLink to="/products/$productId" params={{ productId: level.productId }} size="sm">
                  {level.productCode}
                </AnchorLink>
              ) : (
                <AnchorLink to="/products" search={{ code: level.productCode }} size="sm">
                  {level.productCode}
                </AnchorLink>
              ),
          },
        ]
      : []),
    { key: 'warehouse', header: 'Warehouse', nowrap: true, cell: (level) => level.warehouse || '—' },
    {
      key: 'lot',
      header: 'Lot or serial',
      rowHeader: !withProduct,
      cell: (level) =>
        level.lot ? (
          <AnchorLink to="/trace" search={{ q: level.lot }} size="sm">
            {level.lot}
          </AnchorLink>
        ) : (
          <Text span c="dimmed" size="sm">
            None captured
          </Text>
        ),
    },
    {
      key: 'expiry',
      header: 'Expires',
      nowrap: true,
      cell: (level) => <Expiry level={level} today={today} />,
    },
    { key: 'in', header: 'Came in', numeric: true, cell: (level) => units(level.received + level.returned) },
    { key: 'shipped', header: 'Shipped', numeric: true, cell: (level) => units(level.shipped) },
    {
      key: 'onHand',
      header: 'On hand',
      numeric: true,
      answer: true,
      cell: (level) => (
        // The text's own color: red on a row's tint falls short of the contrast text needs; the flags say it.
        <Text span size="sm" fw={700}>
          {formatNumber(level.onHand)}
        </Text>
      ),
    },
    { key: 'incoming', header: 'Incoming', numeric: true, cell: (level) => units(level.incoming) },
    { key: 'committed', header: 'Committed', numeric: true, cell: (level) => units(level.committed) },
    { key: 'flags', header: 'Does not add up', cell: (level) => <Flags level={level} /> },
  ];
  return (
    <DataTable
      caption={caption}
      columns={columns}
      rows={levels}
      rowKey={stockRowKey}
      empty={empty}
      footer={footer}
      sort={onSort ? 'product' : undefined}
      dir={dir}
      onSort={onSort ? (_sort, next) => onSort(next) : undefined}
    />
  );
}

/** What the console's count is, said plainly wherever it is shown. */
export const stockCountNote =
  'Counted by the console from the receives, returns and orders it holds, since the first one it holds: not the warehouse’s own count. Came in is finalized receives and received returns; shipped is finalized shipments; incoming is announced on receives not yet received; committed is ordered on orders not yet shipped.';
