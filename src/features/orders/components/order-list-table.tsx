import { Badge, Group, Table } from '@mantine/core';
import { LiveTableRow } from '../../../components/live-table-row';
import { LocalTime } from '../../../components/local-time';
import { AnchorLink } from '../../../components/router-links';
import { type SortDirection, SortableHeader } from '../../../components/sortable-header';
import type { OrderListRow, OrderListSort, OrderState } from '../../../contract/index-lists';
import { orderStateLabels } from '../model/order-list-search';

const nowrap = { whiteSpace: 'nowrap' } as const;

/** A state the index does not know yet is shown as sent rather than hidden. */
const stateLabel = (state: string) =>
  Object.hasOwn(orderStateLabels, state) ? orderStateLabels[state as OrderState] : state;

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
                <Group gap={6} wrap="nowrap">
                  <LocalTime value={row.shipBy} focusable={false} dayValued />
                  {row.late ? (
                    <Badge color="red.9" variant="filled" radius="sm" tt="none" miw="max-content">
                      Late
                    </Badge>
                  ) : null}
                </Group>
              </Table.Td>
              <Table.Td>{stateLabel(row.state)}</Table.Td>
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
