import { Badge, Text } from '@mantine/core';
import { DataTable } from '@/components/data-table';
import { KeyValueList } from '@/components/key-value-list';
import { LocalTime } from '@/components/local-time';
import { ProductWithDescription } from '@/components/product-with-description';
import type { ReceiveShipment } from '@/contract/receive';
import { formatNumber } from '@/domain/format';
import { orderStateWords } from '@/domain/record-states';
import type { ProductDescriptions } from '@/lib/get-product-descriptions';

/** What the warehouse recorded of a receive shipment: its docket, when it arrived, how it came. */
export function ReceiveShipmentFacts({ shipment }: { shipment: ReceiveShipment }) {
  return (
    <KeyValueList
      columns={4}
      items={[
        { label: 'Docket number', value: shipment.wmsDocketId, hint: "The warehouse's docket (wmsDocketId)" },
        { label: 'Arrived', value: shipment.arrivalDate ? <LocalTime value={shipment.arrivalDate} /> : '' },
        { label: 'ETA', value: shipment.eta ? <LocalTime value={shipment.eta} dayValued /> : '' },
        { label: 'Transport reference', value: shipment.transportReference },
      ]}
    />
  );
}

/**
 * The shipment's lines with the pallet each came on and any hold the warehouse put on it; only when the
 * warehouse sent a pallet or a hold code, since most shipments carry neither.
 */
export function ReceiveShipmentPallets({
  shipment,
  heading,
  descriptions = new Map(),
}: {
  shipment: ReceiveShipment;
  heading: string;
  descriptions?: ProductDescriptions;
}) {
  const lines = shipment.receiveLines;
  if (!lines.some((line) => line.palletId || line.holdCode)) return null;
  return (
    <DataTable
      caption={`Pallets and holds of ${heading}`}
      columns={[
        {
          key: 'line',
          header: 'Line',
          cell: ({ line }) => line.lineNumber ?? line.externalLineReference ?? '—',
        },
        {
          key: 'product',
          header: 'Product',
          rowHeader: true,
          cell: ({ line }) => <ProductWithDescription code={line.productCode} descriptions={descriptions} />,
        },
        {
          key: 'quantity',
          header: 'Quantity',
          numeric: true,
          cell: ({ line }) => formatNumber(line.quantity),
        },
        { key: 'pallet', header: 'Pallet', cell: ({ line }) => line.palletId || '—' },
        {
          key: 'hold',
          header: 'Hold code',
          cell: ({ line }) =>
            line.holdCode ? (
              <Badge color="orange" variant="light" tt="none" miw="max-content">
                {orderStateWords.held.label}: {line.holdCode}
              </Badge>
            ) : (
              <Text span c="dimmed" size="sm">
                none
              </Text>
            ),
        },
      ]}
      rows={lines.map((line, position) => ({ line, position }))}
      // Lines may share a reference and lack a number: the position is the one stable key.
      rowKey={(row) => String(row.position)}
      minWidth={520}
      scrollOnPhone
      empty={null}
    />
  );
}
