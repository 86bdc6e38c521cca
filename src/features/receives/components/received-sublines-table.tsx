import { Text } from '@mantine/core';
import { DataTable } from '@/components/data-table';
import { ProductWithDescription } from '@/components/product-with-description';
import { attributeInWords, formatQuantity } from '@/domain/code-words';
import type { LineCompleteness } from '@/domain/receive-completeness';
import type { ProductDescriptions } from '@/lib/get-product-descriptions';

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
  descriptions = new Map(),
}: {
  /** The receive's status, which says whether anything may still be captured. */
  status: string;
  lines: LineCompleteness[];
  attributeLabels: Record<string, string>;
  /** The receive's shipments in order: a subline names its shipment by place, its id being a machine's. */
  shipmentIds: readonly string[];
  descriptions?: ProductDescriptions;
}) {
  const rows = lines.flatMap((line) =>
    line.sublines.map((subline, index) => ({
      line,
      subline,
      key: `${line.key}-${subline.shipmentId}-${index}`,
    })),
  );
  return (
    <DataTable
      caption="Captured per unit or batch"
      columns={[
        {
          key: 'product',
          header: 'Product',
          cell: ({ line }) => <ProductWithDescription code={line.productCode} descriptions={descriptions} />,
        },
        {
          key: 'quantity',
          header: 'Quantity',
          numeric: true,
          cell: ({ line, subline }) => formatQuantity(subline.quantity, line.quantityUnit),
        },
        {
          key: 'attributes',
          header: 'Attributes',
          cell: ({ subline }) =>
            subline.partAttributes
              .map((attribute) => attributeInWords(attribute.key, attribute.value, attributeLabels))
              .join(' · ') || '—',
        },
        {
          key: 'shipment',
          header: 'Shipment',
          cell: ({ subline }) => shipmentName(shipmentIds, subline.shipmentId),
        },
      ]}
      rows={rows}
      rowKey={(row) => row.key}
      rowData={() => ({ 'data-testid': 'received-subline' })}
      minWidth={560}
      scrollOnPhone
      empty={<Text c="dimmed">{noSublinesText(status)}</Text>}
    />
  );
}
