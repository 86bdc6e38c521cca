import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { DataTable } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { FirstPageNote } from '../../../components/first-page-note';
import { ListingLimitsNote } from '../../../components/listing-limits-note';
import { LocalTime } from '../../../components/local-time';
import { Pager } from '../../../components/pager';
import { AnchorLink } from '../../../components/router-links';
import { StatusBadge, statusLabel } from '../../../components/status-badge';
import { type Order, orderStatuses } from '../../../contract/order';
import { cursorPager } from '../../../lib/cursor-pages';
import { useOrderList } from '../api/list-orders';
import { type OrderListSearch, toOrderListFilter } from '../model/order-list-search';

const statusOptions = orderStatuses.map((status) => ({
  value: status,
  label: `${statusLabel(status)} (${status})`,
}));

function shippedLabel(order: Order): string {
  const shipped = order.shipments.filter((shipment) => shipment.status === 'FIN').length;
  return `${shipped} of ${order.shipments.length}`;
}

/**
 * Recent orders (the listing extension), newest change first, with status and date filters kept in the URL.
 */
export function OrderList({ search, cursorRefused }: { search: OrderListSearch; cursorRefused: boolean }) {
  const navigate = useNavigate({ from: '/orders/' });
  const cursors = cursorRefused ? [] : (search.cursors ?? []);
  const list = useOrderList({ ...toOrderListFilter(search), cursor: cursors.at(-1) });
  const pager = cursorPager(cursors, list.data?.nextCursor);
  // A filter change replaces the history entry (each keystroke in a date is one) and starts at page one.
  const setFilter = (change: Partial<OrderListSearch>) =>
    navigate({ search: (previous) => ({ ...previous, ...change, cursors: undefined }), replace: true });
  const filtered = Boolean(search.status || search.from || search.to);

  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="sm">
        <Select
          label="Status"
          placeholder="Any status"
          data={statusOptions}
          value={search.status ?? null}
          onChange={(value) => setFilter({ status: (value ?? undefined) as OrderListSearch['status'] })}
          clearable
          w={200}
        />
        <TextInput
          label="Updated from"
          type="date"
          value={search.from ?? ''}
          onChange={(event) => setFilter({ from: event.currentTarget.value || undefined })}
        />
        <TextInput
          label="Updated to"
          type="date"
          value={search.to ?? ''}
          onChange={(event) => setFilter({ to: event.currentTarget.value || undefined })}
        />
        {filtered ? (
          <Button
            variant="subtle"
            onClick={() => setFilter({ status: undefined, from: undefined, to: undefined })}
          >
            Clear filters
          </Button>
        ) : null}
      </Group>
      {cursorRefused ? <FirstPageNote what="orders" /> : null}
      {list.data ? <ListingLimitsNote ignored={list.data.ignored} what="orders" /> : null}
      {list.isError ? (
        <Text c="red.8" role="alert">
          The orders could not be loaded: {list.error.message}
        </Text>
      ) : list.isPending ? (
        <Text c="dimmed">Loading orders…</Text>
      ) : (
        <DataTable
          caption={`Recent orders, newest change first, page ${pager.page}`}
          rows={list.data.orders}
          rowKey={(order) => order.id}
          columns={[
            {
              key: 'reference',
              header: 'Reference',
              cell: (order) => (
                <AnchorLink to="/orders/$reference" params={{ reference: order.primaryReference }}>
                  {order.primaryReference}
                </AnchorLink>
              ),
            },
            { key: 'status', header: 'Status', cell: (order) => <StatusBadge status={order.status} /> },
            { key: 'warehouse', header: 'Warehouse', cell: (order) => order.warehouseCode ?? '—' },
            {
              key: 'shipTo',
              header: 'Ship to',
              cell: (order) =>
                [
                  order.shipToAddress?.address?.organization ?? order.shipToAddress?.contact?.personName,
                  order.shipToAddress?.address?.city,
                ]
                  .filter(Boolean)
                  .join(', ') || '—',
            },
            { key: 'lines', header: 'Lines', numeric: true, cell: (order) => order.orderLines.length },
            { key: 'shipped', header: 'Shipments shipped', cell: shippedLabel },
            {
              key: 'updated',
              header: 'Last updated',
              cell: (order) => <LocalTime value={order.dateLastUpdated} focusable={false} />,
            },
          ]}
          empty={
            <EmptyState
              title={filtered ? 'No order matches these filters' : 'No orders yet'}
              description={filtered ? 'Widen the date range or clear the status.' : 'Create the first order.'}
            />
          }
          footer={<Pager {...pager} />}
        />
      )}
    </Stack>
  );
}
