import PDFDocument from 'pdfkit';
import { formatDateTime, formatNumber } from '../../../domain/format';
import type { ClaimPacket } from './claim-packet';

type Document = InstanceType<typeof PDFDocument>;

/**
 * What one page of the packet shows at most: a field's first characters (a name of 50,000 characters took
 * seconds to lay out), and a line's first lots and serial numbers (the CSV lists every one).
 */
export const pdfBounds = { fieldCharacters: 300, partsPerLine: 50 };

/** `text` within the bound, cut with an ellipsis. */
const clipped = (text: string) =>
  text.length > pdfBounds.fieldCharacters ? `${text.slice(0, pdfBounds.fieldCharacters - 1)}…` : text;

const headerCell = (text: string) => ({ text, type: 'TH' as const, font: { src: 'Helvetica-Bold' } });

function heading(doc: Document, text: string): void {
  doc
    .moveDown(1)
    .font('Helvetica-Bold')
    .fontSize(13)
    .text(clipped(text), doc.page.margins.left)
    .moveDown(0.3);
  doc.font('Helvetica').fontSize(9);
}

function table(doc: Document, columns: string[], rows: string[][]): void {
  doc.table({
    data: [columns.map(headerCell), ...rows.map((row) => row.map(clipped))],
    defaultStyle: { border: 0.5, borderColor: '#999999', padding: 3 },
  });
}

/** The parts of each shipment's line, at most `pdfBounds.partsPerLine` of them, then how many more. */
function boundedParts(parts: ClaimPacket['parts']): string[][] {
  const shown = new Map<string, number>();
  const more = new Map<string, { shipment: string; line: string; productCode: string; count: number }>();
  const rows: string[][] = [];
  for (const part of parts) {
    const key = `${part.shipment}\u0000${part.line}\u0000${part.productCode}`;
    const count = shown.get(key) ?? 0;
    if (count < pdfBounds.partsPerLine) {
      shown.set(key, count + 1);
      rows.push([part.shipment, part.line, part.productCode, formatNumber(part.quantity), part.part]);
    } else {
      const left = more.get(key) ?? { ...part, count: 0 };
      left.count += 1;
      more.set(key, left);
    }
  }
  for (const { shipment, line, productCode, count } of more.values())
    rows.push([shipment, line, productCode, '', `and ${formatNumber(count)} more: all of them in the CSV`]);
  return rows;
}

function shipmentSections(doc: Document, packet: ClaimPacket): void {
  for (const shipment of packet.shipments) {
    heading(doc, `Shipment ${shipment.id}`);
    doc.text(
      clipped(
        [
          `Status ${shipment.status}`,
          `docket ${shipment.docket || 'none given'}`,
          `transport reference ${shipment.transportReference || 'none given'}`,
          shipment.arrived ? `arrived ${formatDateTime(shipment.arrived)}` : null,
        ]
          .filter(Boolean)
          .join(' · '),
      ),
    );
    doc.moveDown(0.3);
    if (shipment.lines.length > 0)
      table(
        doc,
        ['Line', 'Product', 'Received'],
        shipment.lines.map((line) => [line.line, line.productCode, formatNumber(line.received)]),
      );
    doc.moveDown(0.3);
    if (shipment.milestones.length === 0) doc.text('The warehouse sent no milestones.');
    else
      table(
        doc,
        ['Milestone', 'When'],
        shipment.milestones.map((milestone) => [
          milestone.milestone,
          milestone.at ? formatDateTime(milestone.at) : '',
        ]),
      );
  }
}

/** Draws the packet: who and what first, then the lines, each shipment, and the lots and serials. */
function drawPacket(doc: Document, packet: ClaimPacket): void {
  const kindWord = packet.kind === 'return' ? 'Return' : 'Receive';
  doc
    .font('Helvetica-Bold')
    .fontSize(18)
    .text(clipped(`Claim packet: ${kindWord} ${packet.reference}`));
  doc.font('Helvetica').fontSize(10).moveDown(0.5);
  doc.font('Helvetica-Bold').text(packet.claimWindow).font('Helvetica');
  doc.moveDown(0.5);
  doc.text(clipped(`Supplier: ${[packet.supplier || 'not named', ...packet.supplierAddress].join(', ')}`));
  doc.text(`State: ${packet.state}`);
  doc.text(`Finalized: ${packet.finalized ? formatDateTime(packet.finalized) : 'not finalized'}`);
  if (packet.warehouse) doc.text(clipped(`Warehouse: ${packet.warehouse}`));
  for (const { label, value } of packet.references) doc.text(clipped(`${label}: ${value}`));
  if (packet.discrepancies.length > 0) {
    heading(doc, 'What the claim is about');
    doc.list(packet.discrepancies.map(clipped));
  }
  heading(doc, 'Announced against received');
  table(
    doc,
    ['Line', 'Product', 'Announced', 'Received', 'Difference', 'Result'],
    packet.lines.map((line) => [
      line.line,
      line.productCode,
      formatNumber(line.announced),
      formatNumber(line.received),
      formatNumber(line.difference),
      line.result,
    ]),
  );
  shipmentSections(doc, packet);
  heading(doc, 'Lots and serial numbers');
  if (packet.parts.length === 0) doc.text('No serial numbers, lots or expiry dates were captured.');
  else table(doc, ['Shipment', 'Line', 'Product', 'Quantity', 'Captured'], boundedParts(packet.parts));
  doc.moveDown(1).fontSize(8).text(`Times are in ${Intl.DateTimeFormat().resolvedOptions().timeZone}.`);
}

/**
 * The packet as a PDF, streams compressed, in the standard Helvetica (which holds Western European
 * letters; a name in another script would need a font of its own embedded).
 */
export function claimPacketPdf(packet: ClaimPacket, createdAt: Date): Promise<Uint8Array<ArrayBuffer>> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    lang: 'en',
    displayTitle: true,
    info: {
      Title: clipped(`Claim packet ${packet.reference}`),
      Subject: clipped(`Announced against received of ${packet.reference}, ${packet.supplier}`),
      CreationDate: createdAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Uint8Array<ArrayBuffer>>((resolve, reject) => {
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
  });
  drawPacket(doc, packet);
  doc.end();
  return done;
}
