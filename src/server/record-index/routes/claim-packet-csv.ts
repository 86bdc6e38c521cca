import { csvLine } from '../../../domain/csv-line';
import type { ClaimPacket } from './claim-packet';

const csvColumns = [
  'section',
  'shipment',
  'docket',
  'transport reference',
  'line',
  'product',
  'announced',
  'received',
  'difference',
  'result',
  'name',
  'value',
  'time',
] as const;
type CsvRow = Partial<Record<(typeof csvColumns)[number], string | number | null>>;

/** The packet as CSV: one row a fact, its section first, so a spreadsheet can filter by section. */
export function claimPacketCsv(packet: ClaimPacket): string {
  const facts: CsvRow[] = [
    { name: 'Reference', value: packet.reference },
    { name: 'Supplier', value: packet.supplier },
    { name: 'Supplier address', value: packet.supplierAddress.join(', ') },
    { name: 'State', value: packet.state },
    { name: 'Warehouse', value: packet.warehouse },
    { name: 'Finalized', time: packet.finalized },
    { name: 'Claim window', value: packet.claimWindow },
    ...packet.references.map(({ label, value }) => ({ name: label, value })),
  ].map((row) => ({ section: packet.kind, ...row }));
  const lines: CsvRow[] = packet.lines.map(({ line, productCode, ...counts }) => ({
    section: 'line',
    line,
    product: productCode,
    ...counts,
  }));
  const shipments: CsvRow[] = packet.shipments.flatMap((shipment) => {
    const on = {
      shipment: shipment.id,
      docket: shipment.docket,
      'transport reference': shipment.transportReference,
    };
    return [
      ...shipment.lines.map((line) => ({
        section: 'shipment line',
        ...on,
        line: line.line,
        product: line.productCode,
        received: line.received,
      })),
      ...shipment.milestones.map((milestone) => ({
        section: 'milestone',
        ...on,
        name: milestone.milestone,
        time: milestone.at,
      })),
    ];
  });
  const parts: CsvRow[] = packet.parts.map((part) => ({
    section: 'lot or serial',
    shipment: part.shipment,
    line: part.line,
    product: part.productCode,
    received: part.quantity,
    value: part.part,
  }));
  const rows = [...facts, ...lines, ...shipments, ...parts];
  // The byte order mark tells spreadsheet programs the text is UTF-8.
  return `\uFEFF${csvLine(csvColumns)}${rows.map((row) => csvLine(csvColumns.map((column) => row[column] ?? null))).join('')}`;
}
