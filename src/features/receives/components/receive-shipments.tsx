import { Stack, Text } from '@mantine/core';
import { LocalTime } from '@/components/local-time';
import { ShipmentTimeline } from '@/components/shipment-timeline';
import type { ReceiveShipment } from '@/contract/receive';
import { countOf } from '@/domain/format';
import type { ProductDescriptions } from '@/lib/get-product-descriptions';
import { ReceiveShipmentFacts, ReceiveShipmentPallets } from './receive-shipment-facts';

const heading = (index: number, count: number) => `Shipment ${index + 1} of ${count}`;

/** A receive with no shipment, by its status: none opened yet, or none ever, once it is over. */
export function noShipmentText(status: string): string {
  if (status === 'CAN') return 'Canceled before the warehouse opened a shipment.';
  if (status === 'FIN') return 'Finalized without a shipment: the warehouse recorded nothing arriving.';
  return 'The warehouse has not opened a shipment yet.';
}

/** Each shipment of the receive with its milestones and what it brought in. */
export function ReceiveShipments({
  shipments,
  status,
  descriptions,
}: {
  shipments: ReceiveShipment[];
  status: string;
  descriptions?: ProductDescriptions;
}) {
  if (shipments.length === 0) return <Text c="dimmed">{noShipmentText(status)}</Text>;
  return (
    <Stack gap="md">
      {shipments.map((shipment, index) => (
        <ShipmentTimeline
          key={shipment.id}
          heading={heading(index, shipments.length)}
          shipmentId={shipment.id}
          status={shipment.status}
          of="receive"
          milestones={shipment.milestones}
        >
          <ReceiveShipmentFacts shipment={shipment} />
          <Text size="sm">
            {shipment.status === 'CAN'
              ? 'Canceled: what it recorded is not counted as received.'
              : `${shipment.status === 'FIN' ? 'Received' : 'Received so far'}: ${countOf(
                  shipment.receiveLines.reduce((sum, line) => sum + line.quantity, 0),
                  'unit',
                )} on ${countOf(shipment.receiveLines.filter((line) => line.quantity > 0).length, 'line')}.`}{' '}
            Last updated <LocalTime value={shipment.dateLastUpdated} />.
          </Text>
          <ReceiveShipmentPallets
            shipment={shipment}
            heading={heading(index, shipments.length)}
            descriptions={descriptions}
          />
        </ShipmentTimeline>
      ))}
    </Stack>
  );
}
