import PDFDocument from 'pdfkit';
import { formatNumber, formatPrice } from '../../../domain/format';
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

/** A table with its headers bold; `widths` in points, '*' sharing what is left (all of it by default). */
function table(doc: Document, columns: string[], rows: string[][], widths?: (number | '*')[]): void {
  doc.table({
    data: [columns.map(headerCell), ...rows.map((row) => row.map(clipped))],
    defaultStyle: { border: 0.5, borderColor: '#999999', padding: 3 },
    ...(widths ? { columnStyles: widths } : {}),
  });
  doc.moveDown(0.3);
}

/** The parts of each delivery's line, at most `pdfBounds.partsPerLine` of them, then how many more. */
function boundedParts(parts: ClaimPacket['parts']): string[][] {
  const shown = new Map<string, number>();
  const more = new Map<string, { delivery: string; line: string; productCode: string; count: number }>();
  const rows: string[][] = [];
  for (const part of parts) {
    const key = `${part.delivery}\u0000${part.line}\u0000${part.productCode}`;
    const count = shown.get(key) ?? 0;
    if (count < pdfBounds.partsPerLine) {
      shown.set(key, count + 1);
      rows.push([part.delivery, part.line, part.productCode, formatNumber(part.quantity), part.part]);
    } else {
      const left = more.get(key) ?? { ...part, count: 0 };
      left.count += 1;
      more.set(key, left);
    }
  }
  for (const { delivery, line, productCode, count } of more.values())
    rows.push([delivery, line, productCode, '', `and ${formatNumber(count)} more, listed in the CSV`]);
  return rows;
}

/** A product as a cell: its code, and its name under it when the index holds one. */
const productCell = (code: string, name: string) => (name ? `${code}\n${name}` : code);

function deliverySections(doc: Document, packet: ClaimPacket, time: (iso: string) => string): void {
  for (const shipment of packet.shipments) {
    heading(doc, shipment.heading);
    const facts = [
      `Status ${shipment.status}`,
      shipment.arrived ? `arrived ${time(shipment.arrived)}` : null,
      `the warehouse's shipment id ${shipment.id}`,
    ];
    doc
      .fontSize(8)
      .text(clipped(facts.filter(Boolean).join(' · ')))
      .fontSize(9);
    doc.moveDown(0.3);
    if (shipment.lines.length > 0)
      table(
        doc,
        ['Line', 'Product', 'Received'],
        shipment.lines.map((line) => [line.line, line.productCode, formatNumber(line.received)]),
        [40, '*', 70],
      );
    if (shipment.milestones.length === 0) doc.text('The warehouse sent no milestones.');
    else
      table(
        doc,
        ['Milestone', 'When'],
        shipment.milestones.map((milestone) => [milestone.milestone, milestone.at ? time(milestone.at) : '']),
        ['*', 170],
      );
  }
}

/** Who claims from whom, side by side: the claimant (when the console names one) and the supplier. */
function parties(doc: Document, packet: ClaimPacket): void {
  const top = doc.y;
  const left = doc.page.margins.left;
  const width = (doc.page.width - left - doc.page.margins.right - 20) / 2;
  const block = (x: number, title: string, lines: string[]) => {
    doc.font('Helvetica-Bold').text(title, x, top, { width });
    doc.font('Helvetica').text(clipped(lines.join('\n')), x, doc.y, { width });
    return doc.y;
  };
  const bottoms = [
    packet.claimant
      ? block(left, 'Claimant', [packet.claimant.name ?? '', packet.claimant.contact ?? ''].filter(Boolean))
      : top,
    block(packet.claimant ? left + width + 20 : left, packet.kind === 'return' ? 'Customer' : 'Supplier', [
      packet.supplier || 'not named',
      ...packet.supplierAddress,
    ]),
  ];
  doc.x = left;
  doc.y = Math.max(...bottoms);
}

/** Draws the packet: who claims what from whom first, then the lines in units and money, each delivery, the lots. */
function drawPacket(
  doc: Document,
  packet: ClaimPacket,
  time: (iso: string) => string,
  timeZone: string,
): void {
  const kindWord = packet.kind === 'return' ? 'return' : 'receive';
  doc
    .font('Helvetica-Bold')
    .fontSize(18)
    .text(clipped(`Claim for ${kindWord} ${packet.reference}`));
  // The references a supplier files the receive by, under its own: the rest are listed further on.
  const named = packet.references.filter(
    ({ label }) => label === 'Secondary reference' || label === 'Transport reference',
  );
  if (named.length > 0)
    doc.fontSize(11).text(clipped(named.map(({ label, value }) => `${label} ${value}`).join(' · ')));
  doc.font('Helvetica').fontSize(10).moveDown(0.5);
  doc.font('Helvetica-Bold').text(packet.claimWindow).font('Helvetica');
  doc.moveDown(0.5);
  parties(doc, packet);
  doc.moveDown(0.5);
  doc.text(`State: ${packet.state}`);
  doc.text(`Finalized: ${packet.finalized ? time(packet.finalized) : 'not finalized'}`);
  if (packet.warehouse) doc.text(clipped(`Warehouse: ${packet.warehouse}`));
  if (packet.discrepancies.length > 0) {
    heading(doc, 'What the claim is about');
    doc.list(packet.discrepancies.map(clipped));
    for (const { currency, short, over } of packet.totals)
      doc
        .moveDown(0.3)
        .font('Helvetica-Bold')
        .text(
          [
            short > 0 ? `Units short worth ${formatPrice(short, currency)}` : null,
            over > 0 ? `units over worth ${formatPrice(over, currency)}` : null,
          ]
            .filter(Boolean)
            .join('; '),
        );
    doc.font('Helvetica');
  }
  heading(doc, 'Announced against received');
  table(
    doc,
    ['Line', 'Product', 'Announced', 'Received', 'Difference', 'Unit price', 'Value', 'Result'],
    packet.lines.map((line) => [
      line.line,
      productCell(line.productCode, line.productName),
      formatNumber(line.announced),
      formatNumber(line.received),
      formatNumber(line.difference),
      line.unitPrice === null
        ? 'none held'
        : `${formatPrice(line.unitPrice, line.currency)}\n${line.priceFrom === 'entered' ? 'entered' : 'product price'}`,
      line.value === null ? '' : formatPrice(line.value, line.currency),
      line.result,
    ]),
    [30, '*', 58, 52, 56, 56, 60, 58],
  );
  heading(doc, 'References');
  for (const { label, value } of packet.references) doc.text(clipped(`${label}: ${value}`));
  deliverySections(doc, packet, time);
  heading(doc, 'Lots and serial numbers');
  if (packet.parts.length === 0) doc.text('No serial numbers, lots or expiry dates were captured.');
  else
    table(doc, ['Delivery', 'Line', 'Product', 'Quantity', 'Captured'], boundedParts(packet.parts), [
      70,
      30,
      80,
      50,
      '*',
    ]);
  doc
    .moveDown(1)
    .fontSize(8)
    .text(
      `Times are in ${timeZone}. A unit price is the unit cost entered on the receive's line ("entered"), else the product's price as the console holds it from the warehouse's catalogue.`,
    );
}

/**
 * The packet as a PDF, streams compressed, in the standard Helvetica (which holds Western European
 * letters; a name in another script would need a font of its own embedded).
 */
export function claimPacketPdf(
  packet: ClaimPacket,
  createdAt: Date,
  timeZone: string,
): Promise<Uint8Array<ArrayBuffer>> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    lang: 'en',
    displayTitle: true,
    info: {
      Title: clipped(`Claim packet ${packet.reference}`),
      Subject: clipped(`What is short or over on ${packet.reference}, claimed from ${packet.supplier}`),
      CreationDate: createdAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Uint8Array<ArrayBuffer>>((resolve, reject) => {
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
  });
  const format = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone });
  const time = (iso: string) => {
    const ms = Date.parse(iso);
    return Number.isNaN(ms) ? iso : format.format(ms);
  };
  drawPacket(doc, packet, time, timeZone);
  doc.end();
  return done;
}
