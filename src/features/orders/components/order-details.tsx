import { Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { AllFields } from '../../../components/all-fields';
import { StatusBadge } from '../../../components/status-badge';
import type { Order } from '../../../contract/order';
import { useRecentlyChanged } from '../../../lib/recent-changes';
import { OrderLinesTable } from './order-lines-table';
import { OrderShipment } from './order-shipment';
import { OrderSummary } from './order-summary';

type OrderDetailsProps = {
  order: Order;
  /** Edit link or the reason it cannot be edited, and the sandbox warehouse menu: chosen by the route. */
  actions?: ReactNode;
  notice?: ReactNode;
};

/**
 * The order page's content: status, facts, lines ordered against shipped, and every shipment as a timeline.
 */
export function OrderDetails({ order, actions, notice }: OrderDetailsProps) {
  // The server pushed a change of this order a moment ago: its status and shipments are marked.
  const changed = useRecentlyChanged('order', order.primaryReference);
  const mark = `live-mark${changed ? ' recently-changed' : ''}`;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Group gap="md" align="center" className={mark}>
          <Title order={1}>Order {order.primaryReference}</Title>
          <StatusBadge status={order.status} />
          {changed ? (
            <Text size="sm" fw={500}>
              Updated just now
            </Text>
          ) : null}
        </Group>
        <Group gap="sm">{actions}</Group>
      </Group>
      {notice}
      <OrderSummary order={order} />
      <Card withBorder component="section" aria-labelledby="order-lines-heading">
        <Title order={2} size="h4" id="order-lines-heading" mb="sm">
          Lines
        </Title>
        <OrderLinesTable order={order} />
      </Card>
      <Stack component="section" aria-labelledby="order-shipments-heading" gap="md" className={mark}>
        <Title order={2} size="h4" id="order-shipments-heading">
          Shipments ({order.shipments.length})
        </Title>
        {order.shipments.map((shipment, index) => (
          <OrderShipment
            key={shipment.id}
            shipment={shipment}
            position={index + 1}
            count={order.shipments.length}
          />
        ))}
      </Stack>
      <AllFields record={order} label={`order ${order.primaryReference}`} />
    </Stack>
  );
}
