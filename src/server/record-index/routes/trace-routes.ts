import type { Hono } from 'hono';
import { consoleRoutes } from '../../../contract/console-api';
import { maxTraceRecords, type PartTrace } from '../../../contract/part-trace';
import { csvLine } from '../../../domain/csv-line';
import { traceOfEntries } from '../../../domain/part-trace';
import { answerData, installRoute } from '../../console-route';
import type { HeavyWork } from '../../heavy-work/heavy-work';
import type { ServerEnv } from '../../server-env';
import type { AuditLog } from '../../store/audit-log';
import type { RecordStore } from '../store/record-store-port';

/**
 * The trace of `value` from what the records of the index that hold it say of it (`GET /api/trace`, and
 * bench:index): their rows of the parts table, never their documents.
 */
export async function traceFromIndex(store: RecordStore, value: string): Promise<PartTrace> {
  const { entries, truncated } = await store.partEntries(value, maxTraceRecords);
  return { value, ...traceOfEntries(entries), truncated };
}

const recallColumns = [
  'customer',
  'email',
  'phone',
  'order',
  'ship date',
  'product',
  'quantity',
  'tracking number',
  'attribute',
  'value',
] as const;

/** A file name that says what was traced, with what a file name cannot hold left out. */
const recallFileName = (value: string, day: string) =>
  `recall-${value.replace(/[^\p{L}\p{N}._-]+/gu, '-').slice(0, 60)}-${day}.csv`;

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

  installRoute(
    app,
    consoleRoutes.exportRecallList,
    (c, { query: { q } }) => heavyWork.answer(c, 'export', () => recallList(store, q)),
    {
      // Every attempt goes into the audit log, a refused one too.
      audit: async (c, status) => {
        const person = c.get('person');
        await auditLog.record({
          person: person.name,
          role: person.role,
          action: 'Exported a recall list (CSV)',
          target: c.req.query('q')?.slice(0, 100) ?? 'no lot or serial number',
          status,
        });
      },
    },
  );
}

/** The recall list of `value`: every customer a shipment took it to, as CSV. */
async function recallList(store: RecordStore, value: string): Promise<Response> {
  const shipped = (await traceFromIndex(store, value)).entries.filter(
    (entry) => entry.movement === 'shipped' && entry.date !== null,
  );
  const lines = shipped.map((entry) =>
    csvLine([
      entry.party,
      entry.email,
      entry.phone,
      entry.reference,
      entry.date,
      entry.productCode,
      entry.quantity,
      entry.trackingNumber,
      entry.attributeKey,
      value,
    ]),
  );
  // The byte order mark tells spreadsheet programs the text is UTF-8.
  return new Response(`\uFEFF${csvLine(recallColumns)}${lines.join('')}`, {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8; header=present',
      'content-disposition': `attachment; filename="${recallFileName(value, new Date().toISOString().slice(0, 10))}"`,
      'cache-control': 'no-store',
    },
  });
}
