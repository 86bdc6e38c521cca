import { Group, Stack, Title } from '@mantine/core';
import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { ButtonLink } from '@/components/router-links';
import { getOrderListPageQueryOptions } from '@/features/orders/api/get-order-list-page';
import { OrderFindForm } from '@/features/orders/components/order-find-form';
import { OrderList } from '@/features/orders/components/order-list';
import {
  type OrderListSearch,
  readOrderListSearch,
  toOrderListQuery,
} from '@/features/orders/model/order-list-search';
import { loadCursorPage } from '@/lib/cursor-pages';
import { useCan } from '@/lib/session';

export const Route = createFileRoute('/orders/')({
  validateSearch: (search: OrderListSearch & SearchSchemaInput) => readOrderListSearch(search),
  loaderDeps: ({ search }) => search,
  // Opening the page waits for its rows; a new filter or page on the open list does not (the list keeps
  // its rows meanwhile). Any other failure of the list shows in it, below the find form, which still works.
  loader: ({ context: { queryClient }, deps, cause }) =>
    cause === 'stay'
      ? { cursorRefused: false }
      : loadCursorPage(deps.cursors, (cursor) =>
          queryClient.ensureQueryData(getOrderListPageQueryOptions(toOrderListQuery(deps), cursor)),
        ).catch(() => ({ cursorRefused: false })),
  head: () => ({ meta: [{ title: 'Orders · Warehouse Console' }] }),
  component: OrderListRoute,
});

function OrderListRoute() {
  const search = Route.useSearch();
  const { cursorRefused } = Route.useLoaderData();
  const mayCreate = useCan('orders.write');
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>Orders</Title>
        {mayCreate ? <ButtonLink to="/orders/new">New order</ButtonLink> : null}
      </Group>
      <OrderFindForm />
      <Title order={2} size="h3">
        All orders
      </Title>
      <OrderList search={search} cursorRefused={cursorRefused} />
    </Stack>
  );
}
