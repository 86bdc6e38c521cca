import { DataTable, type DataTableColumn } from '@/components/data-table';
import { LocalTime } from '@/components/local-time';
import { AnchorLink } from '@/components/router-links';
import { ReceiveStateBadge } from '@/components/state-badge';
import type { ReceiveListRow, ReceiveListSort } from '@/contract/index-lists';
import type { ReceiveListTableProps } from './receive-list-layout';

const columns: DataTableColumn<ReceiveListRow, ReceiveListSort>[] = [
  {
    key: 'reference',
    header: 'RMA reference',
    sortKey: 'reference',
    rowHeader: true,
    nowrap: true,
    cell: (row) => (
      <AnchorLink fw={600} fz="sm" to="/returns/$reference" params={{ reference: row.reference }}>
        {row.reference}
      </AnchorLink>
    ),
  },
  { key: 'customer', header: 'Customer', cell: (row) => row.sender || '—' },
  {
    key: 'order',
    header: 'Original order',
    cell: (row) =>
      row.originalOrder ? (
        <AnchorLink fz="sm" to="/orders/$reference" params={{ reference: row.originalOrder }}>
          {row.originalOrder}
        </AnchorLink>
      ) : (
        '—'
      ),
  },
  { key: 'reason', header: 'Reason', cell: (row) => row.reason || '—' },
  {
    key: 'state',
    header: 'State',
    sortKey: 'state',
    cell: (row) => <ReceiveStateBadge state={row.state} eta={row.eta} status={row.status} />,
  },
  {
    key: 'eta',
    header: 'ETA',
    sortKey: 'eta',
    nowrap: true,
    cell: (row) => (row.eta ? <LocalTime value={row.eta} focusable={false} dayValued /> : '—'),
  },
  {
    key: 'updated',
    header: 'Last change',
    sortKey: 'updated',
    nowrap: true,
    cell: (row) => <LocalTime value={row.updated} focusable={false} />,
  },
];

/** Returns as a manager scans them: who sends what back, of which order, why, and where it stands. */
export function ReturnListTable(props: ReceiveListTableProps) {
  return (
    <DataTable
      {...props}
      columns={columns}
      rowKey={(row) => row.reference}
      liveRow={(row) => ({ kind: row.kind, reference: row.reference })}
      minWidth={820}
      empty={null}
    />
  );
}
