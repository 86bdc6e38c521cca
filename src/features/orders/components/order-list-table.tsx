import { DataTable, type DataTableColumn, type SortDirection } from '@/components/data-table';
import { LocalTime } from '@/components/local-time';
import { AnchorLink } from '@/components/router-links';
import { OrderStateBadge } from '@/components/state-badge';
import type { OrderListRow, OrderListSort } from '@/contract/index-lists';

const columns: DataTableColumn<OrderListRow, OrderListSort>[] = [
  {
    key: 'reference',
    header: 'Reference',
    sortKey: 'reference',
    rowHeader: true,
    nowrap: true,
    cell: (row) => (
      <AnchorLink fw={600} fz="sm" to="/orders/$reference" params={{ reference: row.reference }}>
        {row.reference}
      </AnchorLink>
    ),
  },
  { key: 'customer', header: 'Customer', cell: (row) => row.customer || '—' },
  {
    key: 'shipBy',
    header: 'Ship by',
    sortKey: 'shipBy',
    nowrap: true,
    cell: (row) => <LocalTime value={row.shipBy} focusable={false} dayValued />,
  },
  {
    key: 'state',
    header: 'State',
    sortKey: 'state',
    cell: (row) => <OrderStateBadge state={row.state} requiredShipDate={row.shipBy} status={row.status} />,
  },
  { key: 'warehouse', header: 'Warehouse', cell: (row) => row.warehouse || '—' },
  {
    key: 'updated',
    header: 'Last change',
    sortKey: 'updated',
    nowrap: true,
    cell: (row) => <LocalTime value={row.updated} focusable={false} />,
  },
];

/** The orders of one page: what support needs to tell a customer, each row marked when it changes live. */
export function OrderListTable(props: {
  rows: OrderListRow[];
  caption: string;
  sort: OrderListSort;
  dir: SortDirection;
  onSort: (sort: OrderListSort, dir: SortDirection) => void;
}) {
  return (
    <DataTable
      {...props}
      columns={columns}
      rowKey={(row) => row.reference}
      liveRow={(row) => ({ kind: 'order', reference: row.reference })}
      minWidth={900}
      empty={null}
    />
  );
}
