import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { OrderStateBadge } from '../../../components/state-badge';
import type { Order, OrderShipment } from '../../../contract/order';
import { formatDate, formatQuantity } from '../../../lib/format';
import { carrierInWords } from '../model/carrier-tracking-url';
import { shipmentStanding, stillOwed } from '../model/shipment-standing';
import { TrackingNumber } from './tracking-number';

/** The carrier a shipment leaves with once tracked, else the one the order asks for. */
function carrierOf(order: Order, shipment: OrderShipment): string {
  const tracking = shipment.trackingDetail;
  const sent = carrierInWords(tracking?.carrierCode, tracking?.carrierName);
  const service = tracking?.serviceLevelCode ?? shipment.serviceLevel;
  if (sent) return service ? `${sent}, service ${service}` : sent;
  if (order.rateGroup) return `Chosen by the warehouse (rate group ${order.rateGroup})`;
  const asked = carrierInWords(order.transportDetail?.carrierCode);
  if (asked)
    return order.transportDetail?.serviceLevelCode
      ? `${asked}, service ${order.transportDetail.serviceLevelCode}`
      : asked;
  return 'Chosen by the warehouse';
}

function Tracking({ shipment }: { shipment: OrderShipment }) {
  if (shipment.status === 'CAN') return <Text size="sm">Canceled: nothing to track.</Text>;
  const { trackingNumber, carrierCode } = shipment.trackingDetail ?? {};
  if (!trackingNumber)
    return (
      <Text size="sm" c="dimmed">
        No tracking yet.
      </Text>
    );
  return <TrackingNumber carrierCode={carrierCode} trackingNumber={trackingNumber} />;
}

function ShipmentAnswer({
  order,
  shipment,
  heading,
}: {
  order: Order;
  shipment: OrderShipment;
  heading: string;
}) {
  const standing = shipmentStanding(shipment);
  const id = `glance-${shipment.id}`;
  return (
    <Card withBorder padding="sm" component="article" aria-labelledby={id}>
      <Stack gap={6}>
        <Group gap="sm" justify="space-between" wrap="wrap">
          <Title order={3} size="h5" id={id}>
            {heading}
          </Title>
          <OrderStateBadge state={standing.state ?? shipment.status} status={shipment.status} />
        </Group>
        <Text size="sm">
          {standing.when} {standing.date ? formatDate(standing.date) : 'a date the warehouse did not send'}
          {standing.reason ? `: ${standing.reason}` : ''}
        </Text>
        <Text size="sm">
          <Text span c="dimmed" size="sm">
            Carrier{' '}
          </Text>
          {carrierOf(order, shipment)}
        </Text>
        <Tracking shipment={shipment} />
      </Stack>
    </Card>
  );
}

function StillOwed({ order, canceled }: { order: Order; canceled: boolean }) {
  const owed = stillOwed(order, canceled);
  const outstanding = owed.filter((product) => product.owed > 0);
  let text: string;
  if (canceled) text = 'Nothing: the order was canceled.';
  else if (outstanding.length === 0) text = '0: everything ordered has shipped.';
  else
    text = outstanding
      .map((product) => `${product.productCode} ${formatQuantity(product.owed, product.unit)}`)
      .join(', ');
  return (
    <Text size="sm" data-testid="still-owed">
      <Text span fw={600} size="sm">
        Still owed:{' '}
      </Text>
      {text}
    </Text>
  );
}

/**
 * What a person opens an order to learn, before anything else: per shipment its state and date, the carrier
 * and tracking; then what the customer is still owed.
 */
export function OrderShipmentsGlance({ order, canceled }: { order: Order; canceled: boolean }) {
  const count = order.shipments.length;
  return (
    <Stack component="section" aria-labelledby="order-glance-heading" gap="sm">
      <Title order={2} size="h4" id="order-glance-heading">
        Shipments
      </Title>
      {count === 0 ? (
        <Text c="dimmed">The warehouse has not opened a shipment yet.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: Math.min(count, 2), lg: Math.min(count, 3) }} spacing="sm">
          {order.shipments.map((shipment, index) => (
            <ShipmentAnswer
              key={shipment.id}
              order={order}
              shipment={shipment}
              heading={count > 1 ? `Shipment ${index + 1} of ${count}` : 'Shipment'}
            />
          ))}
        </SimpleGrid>
      )}
      <StillOwed order={order} canceled={canceled} />
    </Stack>
  );
}
