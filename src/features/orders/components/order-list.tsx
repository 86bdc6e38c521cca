import { Button, Checkbox, Group, NativeSelect, Stack } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { ExportLinks } from '@/components/export-links';
import { DateRangeFilter } from '@/components/date-range-filter';
import { EmptyState } from '@/components/empty-state';
import { countActiveFilters, FiltersFold } from '@/components/filters-fold';
import { FirstPageNote } from '@/components/first-page-note';
import { PagedList } from '@/components/paged-list';
import { exportOrdersRoute, exportOrdersWorkbookRoute, type OrderState } from '@/contract/index-lists';
import { orderStateWords } from '@/domain/record-states';
import { useConsoleConfig } from '@/lib/get-console-config';
import { ORDER_LIST_PAGE_SIZE, useOrderListPage } from '../api/get-order-list-page';
import { type OrderListSearch, toOrderListQuery } from '../model/order-list-search';
import { OrderListTable } from './order-list-table';

const stateOptions = [
  { value: '', label: 'Any state' },
  ...Object.entries(orderStateWords).map(([value, words]) => ({ value, label: words.label })),
];

/** Whether any filter narrows the list (the sort and page do not). */
const isFiltered = ({ sort, dir, cursors, ...filters }: OrderListSearch) =>
  Object.values(filters).some((value) => value !== undefined);

/**
 * Every order in the console's index, newest change first unless sorted otherwise, filtered and paged on
 * the server, with filters, sort and page kept in the URL.
 */
export function OrderList({ search, cursorRefused }: { search: OrderListSearch; cursorRefused: boolean }) {
  const navigate = useNavigate({ from: '/orders/' });
  const { warehouses } = useConsoleConfig();
  const cursors = cursorRefused ? [] : (search.cursors ?? []);
  const query = toOrderListQuery(search);
  const list = useOrderListPage(query, cursors.at(-1));
  // A filter change replaces the history entry and starts at page one.
  const setFilter = (change: Partial<OrderListSearch>) =>
    navigate({ search: (previous) => ({ ...previous, ...change, cursors: undefined }), replace: true });
  const filtered = isFiltered(search);
  const clearFilters = () => navigate({ search: { sort: search.sort, dir: search.dir }, replace: true });
  const sort = search.sort ?? 'updated';

  const active = countActiveFilters([
    search.state,
    search.warehouse,
    search.shipByFrom ?? search.shipByTo,
    search.shippedFrom ?? search.shippedTo,
    search.updatedFrom ?? search.updatedTo,
    search.late,
    search.open,
  ]);

  return (
    <Stack gap="sm">
      <FiltersFold active={active}>
        <Group align="flex-start" gap="md">
          <NativeSelect
            label="State"
            data={stateOptions}
            value={search.state ?? ''}
            onChange={(event) => setFilter({ state: (event.currentTarget.value || undefined) as OrderState })}
          />
          <NativeSelect
            label="Warehouse"
            data={[{ value: '', label: 'Any warehouse' }, ...warehouses]}
            value={search.warehouse ?? ''}
            onChange={(event) => setFilter({ warehouse: event.currentTarget.value || undefined })}
          />
          <DateRangeFilter
            label="Ship by"
            value={{ from: search.shipByFrom, to: search.shipByTo }}
            onChange={({ from, to }) => setFilter({ shipByFrom: from, shipByTo: to })}
          />
          <DateRangeFilter
            label="Shipped"
            value={{ from: search.shippedFrom, to: search.shippedTo }}
            onChange={({ from, to }) => setFilter({ shippedFrom: from, shippedTo: to })}
          />
          <DateRangeFilter
            label="Last change"
            value={{ from: search.updatedFrom, to: search.updatedTo }}
            onChange={({ from, to }) => setFilter({ updatedFrom: from, updatedTo: to })}
          />
          <Checkbox
            mt={32}
            label="Late only"
            checked={search.late ?? false}
            onChange={(event) => setFilter({ late: event.currentTarget.checked || undefined })}
          />
          <Checkbox
            mt={32}
            label="Not shipped yet"
            checked={search.open ?? false}
            onChange={(event) => setFilter({ open: event.currentTarget.checked || undefined })}
          />
        </Group>
      </FiltersFold>
      <Group justify="space-between">
        {filtered ? (
          <Button variant="subtle" onClick={clearFilters}>
            Clear filters
          </Button>
        ) : (
          <span />
        )}
        <ExportLinks
          route={exportOrdersRoute}
          workbookRoute={exportOrdersWorkbookRoute}
          filters={query}
          total={list.data?.total}
        />
      </Group>
      {cursorRefused ? <FirstPageNote what="orders" /> : null}
      <PagedList
        what="orders"
        list={list}
        cursors={cursors}
        pageSize={ORDER_LIST_PAGE_SIZE}
        empty={
          <EmptyState
            title={filtered ? 'No order matches these filters' : 'No orders yet'}
            description={filtered ? 'Widen the dates or clear the filters.' : 'Create the first order.'}
            action={
              filtered ? (
                <Button variant="default" onClick={clearFilters}>
                  Clear filters
                </Button>
              ) : null
            }
          />
        }
      >
        {(rows, page) => (
          <OrderListTable
            rows={rows}
            caption={`Orders, page ${page}`}
            sort={sort}
            dir={search.dir ?? (sort === 'updated' ? 'desc' : 'asc')}
            onSort={(nextSort, dir) => setFilter({ sort: nextSort, dir })}
          />
        )}
      </PagedList>
    </Stack>
  );
}
