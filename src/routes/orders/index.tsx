import { Stack, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { EmptyState } from '../../components/empty-state';

export const Route = createFileRoute('/orders/')({ component: OrdersPage });

function OrdersPage() {
  return (
    <Stack gap="md">
      <Title order={1}>Orders</Title>
      <EmptyState
        title="The order list is on its way"
        description="Find an order by its reference with the search box at the top."
      />
    </Stack>
  );
}
