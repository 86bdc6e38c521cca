import { Text } from '@mantine/core';
import { DataTable } from '@/components/data-table';
import { ProductWithDescription } from '@/components/product-with-description';
import type { ShipmentLine } from '@/contract/order';
import { attributeInWords, formatQuantity } from '@/domain/code-words';
import { useAttributeLabels } from '@/lib/get-console-config';
import type { ProductDescriptions } from '@/lib/get-product-descriptions';

/** Part attributes captured per unit or batch (serial numbers, lots), as the warehouse scanned them. */
function capturedAttributes(line: ShipmentLine, labels: Readonly<Record<string, string>>): string {
  const fromSublines = line.sublines.flatMap((subline) => subline.partAttributes);
  return [...line.partAttributes, ...fromSublines]
    .map((attribute) => attributeInWords(attribute.key, attribute.value, labels))
    .join(', ');
}

/**
 * How a shipment's lines are named, by where it stands: what is planned while it is open, what shipped once
 * it is finished, what it was to ship once canceled; never "yet" for a shipment that is over.
 */
export function shipmentLineWords(status: string, shipment: string, lineCount: number) {
  if (status === 'FIN')
    return {
      heading: 'What shipped',
      caption: `Lines shipped in ${shipment}`,
      quantity: 'Quantity shipped',
      none: 'The warehouse reported no lines for this shipment.',
    };
  if (status === 'CAN')
    return {
      // With no line, what it says is that nothing shipped.
      heading: lineCount > 0 ? 'Canceled lines' : 'What shipped',
      caption: `Lines canceled with ${shipment}`,
      quantity: 'Quantity canceled',
      none: 'Canceled before anything shipped.',
    };
  return {
    heading: 'Planned lines',
    caption: `Lines planned in ${shipment}`,
    quantity: 'Quantity planned',
    none: 'Nothing has shipped in this shipment yet.',
  };
}

/**
 * What actually left in one shipment (before it ships, what is planned; once canceled, what it was to
 * ship), line by line, with serial numbers. `shipment` names it in the caption ("shipment 1 of 2").
 */
export function ShippedLinesTable({
  lines,
  status,
  shipment,
  descriptions = new Map(),
}: {
  lines: readonly ShipmentLine[];
  status: string;
  shipment: string;
  descriptions?: ProductDescriptions;
}) {
  const words = shipmentLineWords(status, shipment, lines.length);
  const labels = useAttributeLabels();
  return (
    <DataTable
      caption={words.caption}
      columns={[
        { key: 'line', header: 'Line', cell: (line) => line.lineNumber ?? '—' },
        {
          key: 'product',
          header: 'Product',
          rowHeader: true,
          cell: (line) => <ProductWithDescription code={line.productCode} descriptions={descriptions} />,
        },
        {
          key: 'quantity',
          header: words.quantity,
          numeric: true,
          cell: (line) => formatQuantity(line.quantity, line.quantityUnit),
        },
        {
          key: 'attributes',
          header: 'Serials and attributes',
          cell: (line) => capturedAttributes(line, labels) || '—',
        },
      ]}
      rows={lines.map((line, index) => ({ ...line, key: `${line.lineNumber ?? index}-${line.productCode}` }))}
      rowKey={(line) => line.key}
      minWidth={480}
      scrollOnPhone
      empty={<Text c="dimmed">{words.none}</Text>}
    />
  );
}
