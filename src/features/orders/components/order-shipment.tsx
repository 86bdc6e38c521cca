import { Group, Stack, Text, Title } from '@mantine/core';
import { LocalTime } from '@/components/local-time';
import { ShipmentTimeline } from '@/components/shipment-timeline';
import type { OrderShipment as OrderShipmentData } from '@/contract/order';
import { formatPrice } from '@/domain/format';
import type { ProductDescriptions } from '@/lib/get-product-descriptions';
import { PackageList } from './package-list';
import { ShippedLinesTable, shipmentLineWords } from './shipped-lines-table';

type OrderShipmentProps = {
  shipment: OrderShipmentData;
  position: number;
  count: number;
  descriptions?: ProductDescriptions;
};

/** One shipment of an order as a timeline: milestones, then packages and what shipped (tracking is at the top). */
export function OrderShipment({ shipment, position, count, descriptions }: OrderShipmentProps) {
  const heading = count > 1 ? `Shipment ${position} of ${count}` : 'Shipment';
  // What left once it shipped; before that what the warehouse plans to send; once canceled what it was to.
  const lineWords = shipmentLineWords(shipment.status, heading.toLowerCase(), shipment.shipmentLines.length);
  return (
    <ShipmentTimeline
      heading={heading}
      shipmentId={shipment.id}
      wmsId={shipment.wmsId}
      status={shipment.status}
      of="order-shipment"
      milestones={shipment.milestones}
    >
      <Group gap="xl">
        <Text size="sm">
          Shipped: <LocalTime value={shipment.actualShipDate} />
        </Text>
        {shipment.totalCost !== undefined && shipment.totalCost !== '' ? (
          <Text size="sm">Shipping cost: {formatPrice(shipment.totalCost, shipment.totalCostUnit)}</Text>
        ) : null}
      </Group>
      <Stack gap="xs">
        <Title order={4} size="h5">
          Packages
        </Title>
        <PackageList
          packages={shipment.packages}
          status={shipment.status}
          caption={`Packages of ${heading.toLowerCase()}`}
          descriptions={descriptions}
        />
      </Stack>
      <Stack gap="xs">
        <Title order={4} size="h5">
          {lineWords.heading}
        </Title>
        <ShippedLinesTable
          lines={shipment.shipmentLines}
          status={shipment.status}
          shipment={heading.toLowerCase()}
          descriptions={descriptions}
        />
      </Stack>
    </ShipmentTimeline>
  );
}
