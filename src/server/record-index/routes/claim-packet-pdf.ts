import PDFDocument from 'pdfkit';
import { formatDateTime, formatNumber } from '../../../domain/format';
import type { ClaimPacket } from './claim-packet';

type Document = InstanceType<typeof PDFDocument>;

const headerCell = (text: string) => ({ text, type: 'TH' as const, font: { src: 'Helvetica-Bold' } });

function heading(doc: Document, text: string): void {
  doc.moveDown(1).font('Helvetica-Bold').fontSize(13).text(text, doc.page.margins.left).moveDown(0.3);
  doc.font('Helvetica').fontSize(9);
}

function table(doc: Document, columns: string[], rows: string[][]): void {
  doc.table({
    data: [columns.map(headerCell), ...rows],
    defaultStyle: { border: 0.5, borderColor: '#999999', padding: 3 },
  });
}

function shipmentSections(doc: Document, packet: ClaimPacket): void {
  for (const shipment of packet.shipments) {
    heading(doc, `Shipment ${shipment.id}`);
    doc.text(
      [
        `Status ${shipment.status}`,
        `docket ${shipment.docket || 'none given'}`,
        `transport reference ${shipment.transportReference || 'none given'}`,
        shipment.arrived ? `arrived ${formatDateTime(shipment.arrived)}` : null,
      ]
        .filter(Boolean)
        .join(' · '),
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
  doc.font('Helvetica-Bold').fontSize(18).text(`Claim packet: ${kindWord} ${packet.reference}`);
  doc.font('Helvetica').fontSize(10).moveDown(0.5);
  doc.font('Helvetica-Bold').text(packet.claimWindow).font('Helvetica');
  doc.moveDown(0.5);
  doc.text(`Supplier: ${[packet.supplier || 'not named', ...packet.supplierAddress].join(', ')}`);
  doc.text(`State: ${packet.state}`);
  doc.text(`Finalized: ${packet.finalized ? formatDateTime(packet.finalized) : 'not finalized'}`);
  if (packet.warehouse) doc.text(`Warehouse: ${packet.warehouse}`);
  for (const { label, value } of packet.references) doc.text(`${label}: ${value}`);
  if (packet.discrepancies.length > 0) {
    heading(doc, 'What the claim is about');
    doc.list(packet.discrepancies);
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
  else
    table(
      doc,
      ['Shipment', 'Line', 'Product', 'Quantity', 'Captured'],
      packet.parts.map((part) => [
        part.shipment,
        part.line,
        part.productCode,
        formatNumber(part.quantity),
        part.part,
      ]),
    );
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
      Title: `Claim packet ${packet.reference}`,
      Subject: `Announced against received of ${packet.reference}, ${packet.supplier}`,
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
