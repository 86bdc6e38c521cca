import { Group, Stack, Title } from '@mantine/core';
import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { ButtonLink } from '../../components/router-links';
import { listOrdersQueryOptions } from '../../features/orders/api/list-orders';
import { OrderFindForm } from '../../features/orders/components/order-find-form';
import { OrderList } from '../../features/orders/components/order-list';
import {
  type OrderListSearch,
  readOrderListSearch,
  toOrderListFilter,
} from '../../features/orders/model/order-list-search';
import { loadCursorPage } from '../../lib/cursor-pages';
import { useCan } from '../../lib/session';

export const Route = createFileRoute('/orders/')({
  validateSearch: (search: OrderListSearch & SearchSchemaInput) => readOrderListSearch(search),
  loaderDeps: ({ search }) => search,
  // Any other failure of the listing shows in the list, below the find form, which still works.
  loader: ({ context: { queryClient }, deps }) =>
    loadCursorPage(deps.cursors, (cursor) =>
      queryClient.ensureQueryData(listOrdersQueryOptions({ ...toOrderListFilter(deps), cursor })),
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
        Recent orders
      </Title>
      <OrderList search={search} cursorRefused={cursorRefused} />
    </Stack>
  );
}
