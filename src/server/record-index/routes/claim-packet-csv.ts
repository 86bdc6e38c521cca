import type { ClaimLine, ClaimPacket } from './claim-packet';
import { csvHeader, csvRows, type ExportTable } from './export-table';

/** The characters a spreadsheet's cell holds, less room for saying how many more there are. */
const cellCharacters = 32_000;

/** A line's lots and serial numbers in one cell, each with its units, cut where a cell ends. */
function partsCell(parts: ClaimPacket['parts']): string {
  const values = parts.map((part) => (part.quantity === 1 ? part.part : `${part.part} (${part.quantity})`));
  let cell = '';
  for (const [index, value] of values.entries()) {
    const next = cell === '' ? value : `${cell}; ${value}`;
    if (next.length > cellCharacters) return `${cell}; and ${values.length - index} more`;
    cell = next;
  }
  return cell;
}

const priceFromWords = { entered: 'Entered on the receive', product: "The product's price" };

type Row = ClaimLine & { reference: string; parts: string };

const table: ExportTable<Row> = {
  sheet: 'Claim',
  columns: [
    { header: 'Receive', kind: 'text', of: (row) => row.reference },
    { header: 'Line', kind: 'text', of: (row) => row.line },
    { header: 'Product code', kind: 'text', of: (row) => row.productCode },
    { header: 'Product', kind: 'text', of: (row) => row.productName },
    { header: 'Announced', kind: 'number', of: (row) => row.announced },
    { header: 'Received', kind: 'number', of: (row) => row.received },
    { header: 'Difference', kind: 'number', of: (row) => row.difference },
    { header: 'Result', kind: 'text', of: (row) => row.result },
    { header: 'Unit price', kind: 'money', of: (row) => row.unitPrice },
    { header: 'Currency', kind: 'text', of: (row) => row.currency },
    { header: 'Price from', kind: 'text', of: (row) => (row.priceFrom ? priceFromWords[row.priceFrom] : '') },
    { header: 'Value of the difference', kind: 'money', of: (row) => row.value },
    { header: 'Lots and serial numbers', kind: 'text', of: (row) => row.parts },
  ],
};

/**
 * The packet as CSV: one table a spreadsheet sorts and sums, a row a line with its product, what was
 * announced and received, the difference in units and in money, and the lots and serial numbers captured.
 */
export function claimPacketCsv(packet: ClaimPacket): string {
  const partsOf = new Map<string, ClaimPacket['parts']>();
  for (const part of packet.parts) {
    const key = `${part.line}\u0000${part.productCode}`;
    const held = partsOf.get(key);
    if (held) held.push(part);
    else partsOf.set(key, [part]);
  }
  const rows = packet.lines.map((line) => ({
    ...line,
    reference: packet.reference,
    parts: partsCell(partsOf.get(`${line.line}\u0000${line.productCode}`) ?? []),
  }));
  return csvHeader(table) + csvRows(table, rows, (ms) => ms);
}
