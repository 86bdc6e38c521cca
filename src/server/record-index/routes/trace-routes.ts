import type { Context, Hono } from 'hono';
import { orderSchema } from '@/contract/order';
import { maxTracedValueLength, maxTraceRecords, type PartTrace } from '@/contract/part-trace';
import { receiveSchema } from '@/contract/receive';
import { traceOfPart } from '@/domain/part-trace';
import { refusalFor } from '@/server/access';
import type { ServerEnv } from '@/server/server-env';
import type { ActivityLog } from '@/server/store/activity-log';
import type { RecordStore } from '../store/record-store-port';
import { csvLine } from './csv-line';
import { badParameter } from './index-list-routes';

/** The lot or serial number asked for, or the 400 that says why it cannot be one. */
function readTracedValue(c: Context<ServerEnv>): string | Response {
  const params = new URL(c.req.url).searchParams;
  const unknown = [...params.keys()].find((name) => name !== 'q');
  if (unknown !== undefined) return badParameter(unknown.slice(0, 200), 'A trace takes only q.');
  const values = params.getAll('q');
  const value = values[0]?.trim() ?? '';
  if (values.length !== 1 || value === '')
    return badParameter('q', 'Give one lot or serial number to trace, as q.');
  if (value.length > maxTracedValueLength || /\p{Cc}/u.test(value))
    return badParameter(
      'q',
      `A lot or serial number has at most ${maxTracedValueLength} characters and no control characters.`,
    );
  return value;
}

/** The trace of `value` from the records of the index that hold it (`GET /api/trace`, and bench:index). */
export async function traceFromIndex(store: RecordStore, value: string): Promise<PartTrace> {
  const holders = await store.holdersOfPart(value, maxTraceRecords + 1);
  const read = holders.slice(0, maxTraceRecords);
  const orders = read.flatMap((record) => {
    const parsed = record.kind === 'order' ? orderSchema.safeParse(record.document) : null;
    return parsed?.success ? [parsed.data] : [];
  });
  const receives = read.flatMap((record) => {
    const parsed =
      record.kind === 'receive' || record.kind === 'return' ? receiveSchema.safeParse(record.document) : null;
    return parsed?.success ? [parsed.data] : [];
  });
  return { value, ...traceOfPart(value, { orders, receives }), truncated: holders.length > read.length };
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
 * download exports; every recall list goes into the activity log.
 */
export function installTraceRoutes(
  app: Hono<ServerEnv>,
  { store, activity }: { store: RecordStore; activity: ActivityLog },
): void {
  app.get('/api/trace', async (c) => {
    const value = readTracedValue(c);
    if (value instanceof Response) return value;
    return c.json(
      {
        data: await traceFromIndex(store, value),
        id: crypto.randomUUID().replaceAll('-', ''),
        resource: [],
        errors: [],
      },
      200,
      { 'cache-control': 'no-store' },
    );
  });

  app.get('/api/trace.csv', async (c) => {
    const person = c.get('person');
    const value = readTracedValue(c);
    const refusal = refusalFor(person, 'exports.download');
    const status = refusal?.status ?? (value instanceof Response ? value.status : 200);
    await activity.record({
      person: person.name,
      role: person.role,
      action: 'Exported a recall list (CSV)',
      target: typeof value === 'string' ? value : 'a bad lot or serial number',
      status,
    });
    if (refusal) return refusal;
    if (value instanceof Response) return value;
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
  });
}
