import { Table, Text } from '@mantine/core';
import { keyboardScrollable } from '@/components/keyboard-scrollable';
import { attributeInWords } from '@/domain/code-words';
import { formatQuantity } from '@/domain/format';
import type { LineCompleteness } from '@/domain/receive-completeness';

function shipmentName(shipmentIds: readonly string[], shipmentId: string): string {
  const index = shipmentIds.indexOf(shipmentId);
  return index < 0 ? shipmentId : `Shipment ${index + 1}`;
}

/** No subline captured, by the receive's status: none yet while it is open, none at all once it is over. */
export function noSublinesText(status: string): string {
  if (status === 'FIN') return 'No serial numbers, lots or expiry dates were captured.';
  if (status === 'CAN') return 'Canceled: no serial numbers, lots or expiry dates were captured.';
  return 'No serial numbers, lots or expiry dates captured yet.';
}

/**
 * What the warehouse captured per unit or batch (serial numbers, lots, expiry dates), by line.
 * `attributeLabels` names the configured keys, e.g. SN → "Serial number".
 */
export function ReceivedSublinesTable({
  status,
  lines,
  attributeLabels,
  shipmentIds,
}: {
  /** The receive's status, which says whether anything may still be captured. */
  status: string;
  lines: LineCompleteness[];
  attributeLabels: Record<string, string>;
  /** The receive's shipments in order: a subline names its shipment by place, its id being a machine's. */
  shipmentIds: readonly string[];
}) {
  const rows = lines.flatMap((line) =>
    line.sublines.map((subline, index) => ({
      line,
      subline,
      key: `${line.key}-${subline.shipmentId}-${index}`,
    })),
  );
  if (rows.length === 0) return <Text c="dimmed">{noSublinesText(status)}</Text>;
  return (
    <Table.ScrollContainer minWidth={560} scrollAreaProps={keyboardScrollable}>
      <Table striped captionSide="top">
        <Table.Caption style={{ textAlign: 'left' }}>Captured per unit or batch</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Product</Table.Th>
            <Table.Th scope="col" ta="right">
              Quantity
            </Table.Th>
            <Table.Th scope="col">Attributes</Table.Th>
            <Table.Th scope="col">Shipment</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(({ line, subline, key }) => (
            <Table.Tr key={key} data-testid="received-subline">
              <Table.Td>{line.productCode}</Table.Td>
              <Table.Td ta="right">{formatQuantity(subline.quantity, line.quantityUnit)}</Table.Td>
              <Table.Td>
                {subline.partAttributes.length === 0
                  ? '—'
                  : subline.partAttributes
                      .map((attribute) => attributeInWords(attribute.key, attribute.value, attributeLabels))
                      .join(' · ')}
              </Table.Td>
              <Table.Td>{shipmentName(shipmentIds, subline.shipmentId)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
