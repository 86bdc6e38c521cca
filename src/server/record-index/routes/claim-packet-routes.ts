import type { Context, Hono } from 'hono';
import { consoleRoutes } from '../../../contract/console-api';
import { receiveSchema } from '../../../contract/receive';
import { csvLine } from '../../../domain/csv-line';
import { refusalFor } from '../../access';
import type { AttributeKey } from '../../attribute-keys';
import { readDeclared } from '../../console-route';
import { errorResponse } from '../../error-envelope';
import type { ServerEnv } from '../../server-env';
import type { AuditLog } from '../../store/audit-log';
import type { RecordStore } from '../store/record-store-port';
import { type ClaimPacket, claimPacketOf } from './claim-packet';
import { claimPacketPdf } from './claim-packet-pdf';

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

/** A file name that says the receive, with what a file name cannot hold left out. */
const fileNameOf = (reference: string, extension: 'pdf' | 'csv') =>
  `claim-${reference.replace(/[^\p{L}\p{N}._-]+/gu, '-').slice(0, 80)}.${extension}`;

/**
 * `GET /api/index/receives/{reference}/claim.pdf` and `.csv`: the claim packet of a receive or return as
 * the index holds it, for roles that may download exports; every attempt goes into the audit log, as an
 * export does, since the packet names the supplier and what they sent.
 */
export function installClaimPacketRoutes(
  app: Hono<ServerEnv>,
  {
    store,
    auditLog,
    claimWindowDays,
    attributeKeys,
  }: { store: RecordStore; auditLog: AuditLog; claimWindowDays: number; attributeKeys: AttributeKey[] },
): void {
  const attributeLabels = Object.fromEntries(attributeKeys.map(({ key, label }) => [key, label]));
  const answer = async (c: Context<ServerEnv>, format: 'pdf' | 'csv') => {
    const route = format === 'pdf' ? consoleRoutes.claimPacketPdf : consoleRoutes.claimPacketCsv;
    const person = c.get('person');
    const read = await readDeclared(c, route);
    const reference = 'request' in read ? read.request.params.reference : null;
    const denied = refusalFor(person, 'exports.download');
    const record = reference === null || denied ? null : await store.find('receive', reference);
    const parsed = record ? receiveSchema.safeParse(record.document) : null;
    const status = denied?.status ?? ('refusal' in read ? read.refusal.status : parsed?.success ? 200 : 404);
    await auditLog.record({
      person: person.name,
      role: person.role,
      action: `Exported a claim packet (${format.toUpperCase()})`,
      target: reference ?? 'a bad reference',
      status,
    });
    if (denied) return denied;
    if ('refusal' in read) return read.refusal;
    if (!record || !parsed?.success) {
      return errorResponse(
        404,
        'not_found',
        'No such receive',
        `The console's index holds no receive or return with the reference "${String(reference).slice(0, 100)}".`,
      );
    }
    const now = new Date();
    const packet = claimPacketOf(parsed.data, {
      finishedMs: record.finishedMs,
      windowDays: claimWindowDays,
      nowMs: now.getTime(),
      attributeLabels,
    });
    const body = format === 'pdf' ? await claimPacketPdf(packet, now) : claimPacketCsv(packet);
    return new Response(body, {
      status: 200,
      headers: {
        'content-type': format === 'pdf' ? 'application/pdf' : 'text/csv; charset=utf-8; header=present',
        'content-disposition': `attachment; filename="${fileNameOf(packet.reference, format)}"`,
        'cache-control': 'no-store',
      },
    });
  };
  app.get(`/api${consoleRoutes.claimPacketPdf.path}`, (c) => answer(c, 'pdf'));
  app.get(`/api${consoleRoutes.claimPacketCsv.path}`, (c) => answer(c, 'csv'));
}
