import type { Hono } from 'hono';
import { consoleRoutes } from '../../../contract/console-api';
import { maxTraceRecords, type PartTrace, type TraceEntry } from '../../../contract/part-trace';
import { traceOfEntries } from '../../../domain/part-trace';
import { answerData, installRoute } from '../../api/console-route';
import type { HeavyWork } from '../../heavy-work/heavy-work';
import type { ServerEnv } from '../../server-env';
import type { AuditLog } from '../../store/audit-log';
import type { RecordStore } from '../store/record-store-port';
import { downloadHeaders, type ExportFormat, exportBytes, streamedBody } from './export-stream';
import type { ExportTable } from './export-table';
import { productDescriptionsOf } from './product-descriptions';

/**
 * The trace of `value` from what the records of the index that hold it say of it (`GET /api/trace`, and
 * bench:index): their rows of the parts table, never their documents.
 */
export async function traceFromIndex(store: RecordStore, value: string): Promise<PartTrace> {
  const { entries, truncated } = await store.partEntries(value, maxTraceRecords);
  return { value, ...traceOfEntries(entries), truncated };
}

type RecallRow = TraceEntry & { value: string; productName: string };
const address = (entry: RecallRow) => entry.address;

/** The recall list: who got it, how to reach them by mail, phone and email, and what they got when. */
const recallTable: ExportTable<RecallRow> = {
  sheet: 'Recall list',
  columns: [
    { header: 'Customer', kind: 'text', of: (entry) => entry.party, width: 22 },
    { header: 'Company', kind: 'text', of: (entry) => address(entry)?.organization ?? '', width: 20 },
    { header: 'Email', kind: 'text', of: (entry) => entry.email, width: 26 },
    { header: 'Phone', kind: 'text', of: (entry) => entry.phone, width: 18 },
    { header: 'Address line 1', kind: 'text', of: (entry) => address(entry)?.addressLine1 ?? '', width: 26 },
    { header: 'Address line 2', kind: 'text', of: (entry) => address(entry)?.addressLine2 ?? '', width: 16 },
    { header: 'City', kind: 'text', of: (entry) => address(entry)?.city ?? '', width: 16 },
    { header: 'State or region', kind: 'text', of: (entry) => address(entry)?.state ?? '' },
    { header: 'Postal code', kind: 'text', of: (entry) => address(entry)?.postalCode ?? '', width: 12 },
    { header: 'Country', kind: 'text', of: (entry) => address(entry)?.country ?? '' },
    { header: 'Order', kind: 'text', of: (entry) => entry.reference, width: 14 },
    {
      header: 'Shipped',
      kind: 'time',
      of: (entry) => (entry.date ? Date.parse(entry.date) : null),
      width: 18,
    },
    { header: 'Product code', kind: 'text', of: (entry) => entry.productCode, width: 14 },
    { header: 'Product', kind: 'text', of: (entry) => entry.productName, width: 26 },
    { header: 'Units', kind: 'number', of: (entry) => entry.quantity },
    { header: 'Tracking number', kind: 'text', of: (entry) => entry.trackingNumber, width: 22 },
    { header: 'Captured as', kind: 'text', of: (entry) => entry.attributeKey },
    { header: 'Lot or serial number', kind: 'text', of: (entry) => entry.value, width: 20 },
  ],
};

/** A file name that says what was traced, with what a file name cannot hold left out. */
const recallFileName = (value: string, day: string, format: ExportFormat) =>
  `recall-${value.replace(/[^\p{L}\p{N}._-]+/gu, '-').slice(0, 60)}-${day}.${format}`;

/**
 * `GET /api/trace?q=` traces a lot or serial number through the index: which receive brought it in, which
 * shipments took it to which customers, which returns brought it back, and what no record accounts for.
 * `GET /api/trace.csv?q=` is the recall list (every customer a shipment took it to), for roles that may
 * download exports; every recall list goes into the audit log.
 */
export function installTraceRoutes(
  app: Hono<ServerEnv>,
  { store, auditLog, heavyWork }: { store: RecordStore; auditLog: AuditLog; heavyWork: HeavyWork },
): void {
  installRoute(app, consoleRoutes.traceLot, (c, { query: { q } }) =>
    heavyWork.answer(c, 'trace', async () => answerData(c, await traceFromIndex(store, q))),
  );

  // Every attempt goes into the audit log, a refused one too.
  const installRecallList = (
    route: typeof consoleRoutes.exportRecallList | typeof consoleRoutes.exportRecallWorkbook,
    format: ExportFormat,
  ) =>
    installRoute(
      app,
      route,
      (c, { query }) => heavyWork.answer(c, 'export', () => recallList(store, format, query)),
      {
        audit: async (c, status) => {
          const person = c.get('person');
          await auditLog.record({
            person: person.name,
            role: person.role,
            action: `Exported a recall list (${format === 'csv' ? 'CSV' : 'Excel'})`,
            target: c.req.query('q')?.slice(0, 100) ?? 'no lot or serial number',
            status,
          });
        },
      },
    );
  installRecallList(consoleRoutes.exportRecallList, 'csv');
  installRecallList(consoleRoutes.exportRecallWorkbook, 'xlsx');
}

/** The recall list of `q`: every customer a shipment took it to, as CSV or a workbook. */
async function recallList(
  store: RecordStore,
  format: ExportFormat,
  { q, timeZone }: { q: string; timeZone?: string },
): Promise<Response> {
  const shipped = (await traceFromIndex(store, q)).entries.filter(
    (entry) => entry.movement === 'shipped' && entry.date !== null,
  );
  const names = await productDescriptionsOf(
    store,
    shipped.map((entry) => entry.productCode),
  );
  const rows = shipped.map((entry) => ({
    ...entry,
    value: q,
    productName: names.get(entry.productCode) ?? '',
  }));
  const bytes = exportBytes(format, recallTable, [rows], timeZone);
  const fileName = recallFileName(q, new Date().toISOString().slice(0, 10), format);
  return new Response(
    streamedBody(bytes, () => {}),
    { status: 200, headers: downloadHeaders(format, fileName) },
  );
}
