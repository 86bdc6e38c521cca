import { Table } from '@mantine/core';
import { LiveTableRow } from '@/components/live-table-row';
import { LocalTime } from '@/components/local-time';
import { AnchorLink } from '@/components/router-links';
import { SortableHeader, type SortDirection } from '@/components/sortable-header';
import { OrderStateBadge } from '@/components/state-badge';
import type { OrderListRow, OrderListSort } from '@/contract/index-lists';

const nowrap = { whiteSpace: 'nowrap' } as const;

/** The orders of one page: what support needs to tell a customer, each row marked when it changes live. */
export function OrderListTable({
  rows,
  caption,
  sort,
  dir,
  onSort,
}: {
  rows: OrderListRow[];
  caption: string;
  sort: OrderListSort;
  dir: SortDirection;
  onSort: (sort: OrderListSort, dir: SortDirection) => void;
}) {
  const sortProps = { sort, dir, onSort };
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped highlightOnHover verticalSpacing="sm" captionSide="top">
        <Table.Caption style={{ textAlign: 'left' }}>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <SortableHeader column="reference" label="Reference" {...sortProps} />
            <Table.Th scope="col">Customer</Table.Th>
            <SortableHeader column="shipBy" label="Ship by" {...sortProps} />
            <SortableHeader column="state" label="State" {...sortProps} />
            <Table.Th scope="col">Warehouse</Table.Th>
            <SortableHeader column="updated" label="Last change" {...sortProps} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <LiveTableRow
              key={row.reference}
              kind="order"
              reference={row.reference}
              header={
                <AnchorLink fw={600} fz="sm" to="/orders/$reference" params={{ reference: row.reference }}>
                  {row.reference}
                </AnchorLink>
              }
            >
              <Table.Td>{row.customer || '—'}</Table.Td>
              <Table.Td style={nowrap}>
                <LocalTime value={row.shipBy} focusable={false} dayValued />
              </Table.Td>
              <Table.Td>
                <OrderStateBadge state={row.state} requiredShipDate={row.shipBy} status={row.status} />
              </Table.Td>
              <Table.Td>{row.warehouse || '—'}</Table.Td>
              <Table.Td style={nowrap}>
                <LocalTime value={row.updated} focusable={false} />
              </Table.Td>
            </LiveTableRow>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
