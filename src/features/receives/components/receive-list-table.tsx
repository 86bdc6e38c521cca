import { CompletenessBar } from '@/components/completeness-bar';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { LocalTime } from '@/components/local-time';
import { AnchorLink } from '@/components/router-links';
import { ReceiveStateBadge } from '@/components/state-badge';
import type { ReceiveListRow, ReceiveListSort } from '@/contract/index-lists';
import { formatNumber } from '@/domain/format';
import { displayPercentage } from '@/domain/receive-completeness';
import { isReceiveOverdue, receiveStateOf } from '@/domain/record-states';
import type { ReceiveKindWords } from '../model/receive-kind';
import { EtaText } from './eta-text';
import type { ReceiveListTableProps } from './receive-list-layout';

/**
 * Goods still to come: an open receive with announced goods not all here. One that has received nothing
 * says Overdue beside its state, so its ETA does not say it again.
 */
const etaStillExpected = (row: ReceiveListRow, nowMs: number) =>
  row.status === 'PRS' &&
  (row.state === 'awaiting' || row.state === 'partial') &&
  !isReceiveOverdue(row.state, row.eta, nowMs);

/** Units short or over; none reads as a dash, so the few that differ stand out. */
const unitsOrDash = (units: number) => (units > 0 ? formatNumber(units) : '—');

function receivedBar(row: ReceiveListRow) {
  const percentage = row.announced > 0 ? Math.min(100, (row.received / row.announced) * 100) : 0;
  return (
    <CompletenessBar
      percentage={displayPercentage(percentage)}
      color={receiveStateOf(row.state).color}
      label={`Received of ${row.reference}: ${formatNumber(row.received)} of ${formatNumber(row.announced)}`}
      size="sm"
    />
  );
}

function columnsOf(words: ReceiveKindWords, now: Date): DataTableColumn<ReceiveListRow, ReceiveListSort>[] {
  return [
    {
      key: 'reference',
      header: words.primaryReference,
      sortKey: 'reference',
      rowHeader: true,
      nowrap: true,
      cell: (row) => (
        <AnchorLink fw={600} fz="sm" to={words.detailPath} params={{ reference: row.reference }}>
          {row.reference}
        </AnchorLink>
      ),
    },
    { key: 'supplier', header: 'Supplier', cell: (row) => row.sender || '—' },
    { key: 'warehouse', header: 'Warehouse', cell: (row) => row.warehouse },
    {
      key: 'state',
      header: 'State',
      sortKey: 'state',
      cell: (row) => (
        <ReceiveStateBadge state={row.state} eta={row.eta} status={row.status} nowMs={now.getTime()} />
      ),
    },
    { key: 'received', header: 'Received', sortKey: 'received', width: 120, cell: receivedBar },
    { key: 'short', header: 'Short', numeric: true, cell: (row) => unitsOrDash(row.unitsShort) },
    { key: 'over', header: 'Over', numeric: true, cell: (row) => unitsOrDash(row.unitsOver) },
    {
      key: 'eta',
      header: 'ETA',
      sortKey: 'eta',
      nowrap: true,
      cell: (row) => (
        <EtaText
          eta={row.eta}
          now={now}
          stillExpected={etaStillExpected(row, now.getTime())}
          focusable={false}
          dayShown
        />
      ),
    },
    {
      key: 'finalized',
      header: 'Finalized',
      nowrap: true,
      cell: (row) => <LocalTime value={row.finalized} focusable={false} dayShown />,
    },
    {
      key: 'updated',
      header: 'Last change',
      sortKey: 'updated',
      nowrap: true,
      cell: (row) => <LocalTime value={row.updated} focusable={false} dayShown />,
    },
  ];
}

/** Receives as a manager scans them: what arrived, short or over, what is due when; live changes marked. */
export function ReceiveListTable({
  words,
  now,
  ...props
}: ReceiveListTableProps & { words: ReceiveKindWords; now: Date }) {
  return (
    <DataTable
      {...props}
      columns={columnsOf(words, now)}
      rowKey={(row) => row.reference}
      liveRow={(row) => ({ kind: row.kind, reference: row.reference })}
      minWidth={1000}
      empty={null}
    />
  );
}
