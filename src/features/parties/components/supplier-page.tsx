import { Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { EmptyState } from '@/components/empty-state';
import { LocalTime } from '@/components/local-time';
import { Pager } from '@/components/pager';
import { RecordHeading } from '@/components/record-heading';
import { AnchorLink } from '@/components/router-links';
import { ReceiveStateBadge } from '@/components/state-badge';
import type { SupplierReceive } from '@/contract/parties';
import { formatNumber, formatPrice } from '@/domain/format';
import { cursorPager } from '@/lib/cursor-pages';
import { useSupplier } from '../api/get-supplier';
import { PartyFigure } from './party-figure';
import { ReceiveTrendChart } from './receive-trend-chart';

function Lateness({ days }: { days: number | null }) {
  if (days === null)
    return (
      <Text span c="dimmed" size="sm">
        —
      </Text>
    );
  if (days <= 0)
    return (
      <Text span size="sm">
        On time
      </Text>
    );
  return (
    <Text span size="sm" fw={700}>
      {days === 1 ? '1 day late' : `${formatNumber(days)} days late`}
    </Text>
  );
}

const columns: DataTableColumn<SupplierReceive>[] = [
  {
    key: 'reference',
    header: 'Receive',
    rowHeader: true,
    nowrap: true,
    cell: (receive) => (
      <AnchorLink to="/receives/$reference" params={{ reference: receive.reference }} size="sm">
        {receive.reference}
      </AnchorLink>
    ),
  },
  {
    key: 'state',
    header: 'State',
    answer: true,
    cell: (receive) => <ReceiveStateBadge state={receive.state} eta={receive.eta} status={receive.status} />,
  },
  {
    key: 'announced',
    header: 'Announced',
    numeric: true,
    cell: (receive) => formatNumber(receive.announced),
  },
  { key: 'received', header: 'Received', numeric: true, cell: (receive) => formatNumber(receive.received) },
  { key: 'short', header: 'Short', numeric: true, cell: (receive) => formatNumber(receive.unitsShort) },
  { key: 'over', header: 'Over', numeric: true, cell: (receive) => formatNumber(receive.unitsOver) },
  {
    key: 'eta',
    header: 'Expected',
    nowrap: true,
    cell: (receive) => (receive.eta ? <LocalTime value={receive.eta} focusable={false} /> : '—'),
  },
  { key: 'late', header: 'Lateness', cell: (receive) => <Lateness days={receive.daysLate} /> },
  {
    key: 'claim',
    header: 'Claim window',
    cell: (receive) =>
      receive.claimDaysLeft === null ? (
        '—'
      ) : (
        <Group gap={6} wrap="nowrap">
          <Badge color="yellow" variant="light" tt="none">
            {receive.claimDaysLeft === 1 ? '1 day left' : `${receive.claimDaysLeft} days left`}
          </Badge>
          <Text span size="sm">
            {worthWords(receive.claimWorth)}
          </Text>
        </Group>
      ),
  },
];

/** What claims are worth, a sum per currency ("$1,234.50"), or '' when nothing is priced. */
function worthWords(totals: readonly SupplierReceive['claimWorth'][number][]): string {
  const byCurrency = new Map<string, number>();
  for (const { currency, short, over } of totals)
    byCurrency.set(currency, (byCurrency.get(currency) ?? 0) + short + over);
  return [...byCurrency]
    .filter(([, amount]) => amount > 0)
    .map(([currency, amount]) => formatPrice(amount.toFixed(2), currency))
    .join(' + ');
}

/** A supplier's record: every receive the console holds of it, how often short or over, and how late. */
export function SupplierPage({ supplierKey, cursors }: { supplierKey: string; cursors: string[] }) {
  const supplier = useSupplier(supplierKey, cursors.at(-1));
  const pager = cursorPager(cursors, supplier.nextCursor);
  const { totals } = supplier;
  const openClaims = supplier.receives.filter((receive) => receive.claimDaysLeft !== null);
  const openWorth = worthWords(openClaims.flatMap((receive) => receive.claimWorth));
  return (
    <Stack gap="lg">
      <div>
        <Text size="sm" c="dimmed">
          Supplier
        </Text>
        <RecordHeading>{supplier.name || supplierKey}</RecordHeading>
        <Text c="dimmed">From the receives the console holds of this supplier.</Text>
      </div>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <PartyFigure label="Receives" value={formatNumber(totals.receives)} testId="supplier-receives" />
        <PartyFigure
          label="Came short"
          value={`${formatNumber(totals.shortRate)}% (${formatNumber(totals.unitsShort)} units)`}
          testId="supplier-short-rate"
        />
        <PartyFigure
          label="Came over"
          value={`${formatNumber(totals.overRate)}% (${formatNumber(totals.unitsOver)} units)`}
          testId="supplier-over-rate"
        />
        <PartyFigure label="Finalized late" value={formatNumber(totals.late)} testId="supplier-late" />
      </SimpleGrid>
      {openClaims.length > 0 ? (
        <Text>
          {openClaims.length === 1 ? '1 claim window open' : `${openClaims.length} claim windows open`} on
          this page:{' '}
          {formatNumber(openClaims.reduce((sum, receive) => sum + receive.unitsShort + receive.unitsOver, 0))}{' '}
          units to claim{openWorth ? `, worth ${openWorth}` : ''}.
        </Text>
      ) : null}
      <ReceiveTrendChart receives={supplier.receives} />
      <DataTable
        caption={pager.page > 1 ? `Receives, page ${pager.page}` : 'Receives, latest change first'}
        columns={columns}
        rows={supplier.receives}
        rowKey={(receive) => receive.reference}
        empty={<EmptyState title="No more receives" description="Go back to the first page." />}
        footer={<Pager {...pager} />}
      />
    </Stack>
  );
}
