import { Text } from '@mantine/core';
import { ShipmentsAtAGlance } from '@/components/shipments-at-a-glance';
import { OrderStateBadge } from '@/components/state-badge';
import type { Order, OrderShipment } from '@/contract/order';
import { carrierServiceInWords, rateGroupInWords } from '@/domain/code-words';
import { formatDate } from '@/domain/format';
import type { ProductDescriptions } from '@/lib/get-product-descriptions';
import { carrierInWords } from '../model/carrier-tracking-url';
import { owedInWords, shipmentStanding } from '../model/shipment-standing';
import { TrackingNumber } from './tracking-number';

/** The service in words with its code one look away: "UPS Ground" titled "GND". */
function CarrierService({ carrier, service }: { carrier: string; service: string | undefined }) {
  const shown = carrierServiceInWords(carrier, service);
  return <span title={shown.code ? `Service code ${shown.code}` : undefined}>{shown.words}</span>;
}

/** The carrier a shipment leaves with once tracked, else the one the order asks for. */
function CarrierOf({ order, shipment }: { order: Order; shipment: OrderShipment }) {
  const tracking = shipment.trackingDetail;
  const sent = carrierInWords(tracking?.carrierCode, tracking?.carrierName);
  if (sent)
    return <CarrierService carrier={sent} service={tracking?.serviceLevelCode ?? shipment.serviceLevel} />;
  if (order.rateGroup) {
    const group = rateGroupInWords(order.rateGroup);
    return (
      <>
        Chosen by the warehouse (rate group <span title={`Rate group code ${group.code}`}>{group.words}</span>
        )
      </>
    );
  }
  const asked = carrierInWords(order.transportDetail?.carrierCode);
  if (asked) return <CarrierService carrier={asked} service={order.transportDetail?.serviceLevelCode} />;
  return <>Chosen by the warehouse</>;
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
        <CarrierOf order={order} shipment={shipment} />
      </Text>
      <Tracking shipment={shipment} />
    </>
  );
}

/**
 * What a person opens an order to learn, before anything else: per shipment its state and date, the carrier
 * and tracking; then what the customer is still owed.
 */
export function OrderShipmentsGlance({
  order,
  canceled,
  descriptions = new Map(),
}: {
  order: Order;
  canceled: boolean;
  descriptions?: ProductDescriptions;
}) {
  const productName = (code: string) => {
    const description = descriptions.get(code);
    return description ? `${code} (${description})` : code;
  };
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
        {owedInWords(order, canceled, productName)}
      </Text>
    </ShipmentsAtAGlance>
  );
}
