import { Text } from '@mantine/core';
import { ShipmentsAtAGlance } from '../../../components/shipments-at-a-glance';
import { OrderStateBadge } from '../../../components/state-badge';
import type { Order, OrderShipment } from '../../../contract/order';
import { formatDate } from '../../../domain/format';
import { carrierInWords } from '../model/carrier-tracking-url';
import { owedInWords, shipmentStanding } from '../model/shipment-standing';
import { TrackingNumber } from './tracking-number';

function withService(carrier: string, service: string | undefined): string {
  return service ? `${carrier}, service ${service}` : carrier;
}

/** The carrier a shipment leaves with once tracked, else the one the order asks for. */
function carrierOf(order: Order, shipment: OrderShipment): string {
  const tracking = shipment.trackingDetail;
  const sent = carrierInWords(tracking?.carrierCode, tracking?.carrierName);
  if (sent) return withService(sent, tracking?.serviceLevelCode ?? shipment.serviceLevel);
  if (order.rateGroup) return `Chosen by the warehouse (rate group ${order.rateGroup})`;
  const asked = carrierInWords(order.transportDetail?.carrierCode);
  if (asked) return withService(asked, order.transportDetail?.serviceLevelCode);
  return 'Chosen by the warehouse';
}

function Tracking({ shipment }: { shipment: OrderShipment }) {
  if (shipment.status === 'CAN') return <Text size="sm">Canceled: nothing to track.</Text>;
  const { trackingNumber, carrierCode } = shipment.trackingDetail ?? {};
  if (!trackingNumber)
    return (
      <Text size="sm" c="dimmed">
        {shipment.status === 'FIN' ? 'The warehouse sent no tracking number.' : 'No tracking yet.'}
      </Text>
    );
  return <TrackingNumber carrierCode={carrierCode} trackingNumber={trackingNumber} />;
}

function ShipmentFacts({ order, shipment }: { order: Order; shipment: OrderShipment }) {
  const standing = shipmentStanding(shipment);
  return (
    <>
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
    </>
  );
}

/**
 * What a person opens an order to learn, before anything else: per shipment its state and date, the carrier
 * and tracking; then what the customer is still owed.
 */
export function OrderShipmentsGlance({ order, canceled }: { order: Order; canceled: boolean }) {
  return (
    <ShipmentsAtAGlance
      none={
        canceled
          ? 'Canceled before the warehouse opened a shipment.'
          : 'The warehouse has not opened a shipment yet.'
      }
      shipments={order.shipments.map((shipment) => ({
        id: shipment.id,
        state: (
          <OrderStateBadge
            state={shipmentStanding(shipment).state ?? shipment.status}
            status={shipment.status}
          />
        ),
        facts: <ShipmentFacts order={order} shipment={shipment} />,
      }))}
    >
      <Text size="sm" data-testid="still-owed">
        <Text span fw={600} size="sm">
          Still owed:{' '}
        </Text>
        {owedInWords(order, canceled)}
      </Text>
    </ShipmentsAtAGlance>
  );
}
