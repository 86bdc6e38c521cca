import { Badge, Table, Text } from '@mantine/core';
import { KeyValueList } from '@/components/key-value-list';
import { LocalTime } from '@/components/local-time';
import type { ReceiveShipment } from '@/contract/receive';
import { formatNumber } from '@/domain/format';

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
}: {
  shipment: ReceiveShipment;
  heading: string;
}) {
  const lines = shipment.receiveLines;
  if (!lines.some((line) => line.palletId || line.holdCode)) return null;
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table striped captionSide="top" verticalSpacing={4}>
        <Table.Caption style={{ textAlign: 'left' }}>Pallets and holds of {heading}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Line</Table.Th>
            <Table.Th scope="col">Product</Table.Th>
            <Table.Th scope="col" ta="right">
              Quantity
            </Table.Th>
            <Table.Th scope="col">Pallet</Table.Th>
            <Table.Th scope="col">Hold code</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line, index) => (
            // Lines may share a reference and lack a number: the position is the one stable key.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <Table.Tr key={index}>
              <Table.Td>{line.lineNumber ?? line.externalLineReference ?? '—'}</Table.Td>
              <Table.Th scope="row" fw={500}>
                {line.productCode}
              </Table.Th>
              <Table.Td ta="right">{formatNumber(line.quantity)}</Table.Td>
              <Table.Td>{line.palletId || '—'}</Table.Td>
              <Table.Td>
                {line.holdCode ? (
                  <Badge color="orange" variant="light" tt="none" miw="max-content">
                    Held: {line.holdCode}
                  </Badge>
                ) : (
                  <Text span c="dimmed" size="sm">
                    none
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
