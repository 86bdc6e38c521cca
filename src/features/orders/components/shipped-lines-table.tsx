import { Table, Text } from '@mantine/core';
import { keyboardScrollable } from '../../../components/keyboard-scrollable';
import type { KeyValue } from '../../../contract/common';
import type { ShipmentLine } from '../../../contract/order';
import { formatQuantity } from '../../../domain/format';

function attributeText(attributes: readonly KeyValue[]): string {
  return attributes.map((attribute) => `${attribute.key} ${attribute.value}`).join(', ');
}

/** Part attributes captured per unit or batch (serial numbers, lots), as the warehouse scanned them. */
function capturedAttributes(line: ShipmentLine): string {
  const fromSublines = line.sublines.flatMap((subline) => subline.partAttributes);
  return attributeText([...line.partAttributes, ...fromSublines]);
}

/**
 * What actually left in one shipment (or, before it ships, what is planned), line by line, with serial
 * numbers.
 */
export function ShippedLinesTable({
  lines,
  shipped,
  caption,
}: {
  lines: readonly ShipmentLine[];
  shipped: boolean;
  caption: string;
}) {
  if (lines.length === 0) return <Text c="dimmed">Nothing has shipped in this shipment yet.</Text>;
  return (
    <Table.ScrollContainer minWidth={480} scrollAreaProps={keyboardScrollable}>
      <Table striped captionSide="top">
        <Table.Caption style={{ textAlign: 'left' }}>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Line</Table.Th>
            <Table.Th scope="col">Product</Table.Th>
            <Table.Th scope="col" ta="right">
              {shipped ? 'Quantity shipped' : 'Quantity planned'}
            </Table.Th>
            <Table.Th scope="col">Serials and attributes</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line, index) => (
            <Table.Tr key={`${line.lineNumber ?? index}-${line.productCode}`}>
              <Table.Td>{line.lineNumber ?? '—'}</Table.Td>
              <Table.Th scope="row">{line.productCode}</Table.Th>
              <Table.Td ta="right">{formatQuantity(line.quantity, line.quantityUnit)}</Table.Td>
              <Table.Td>{capturedAttributes(line) || '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
