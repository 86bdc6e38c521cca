import type { Context, Hono } from 'hono';
import { consoleRoutes } from '../../../contract/console-api';
import type { ConsoleRoute } from '../../../contract/console-route';
import type { OrderListRow, ReceiveListRow } from '../../../contract/index-lists';
import { refusalFor } from '../../access';
import {
  answerData,
  type DeclaredQuery,
  installRoute,
  type Problem,
  readDeclared,
  refusalOf,
} from '../../console-route';
import type { HeavyWork } from '../../heavy-work/heavy-work';
import type { ServerEnv } from '../../server-env';
import type { AuditLog } from '../../store/audit-log';
import type { ListedRecord } from '../store/list-keysets';
import type { RecordStore } from '../store/record-store-port';
import { exportFileName } from './export-file-name';
import { downloadHeaders, type ExportFormat, exportBytes, streamedBody } from './export-stream';
import { type ListRequest, orderListRequest, receiveListRequest } from './index-list-query';
import { listExportTables } from './list-export-tables';

/** What an export reads per turn of the event loop, at most: then other requests get their turn. */
const exportBatch = { batchSize: 1000, budgetMs: 4 };

const isoOrNull = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function orderRow(record: ListedRecord): OrderListRow {
  return {
    reference: record.reference,
    kind: 'order',
    status: record.status,
    state: record.state,
    late: record.late,
    warehouse: record.warehouse,
    customer: record.title,
    shipBy: isoOrNull(record.dueMs),
    updated: new Date(record.updatedMs).toISOString(),
    ordered: record.announced,
    shipped: record.received,
    short: record.short,
    over: record.over,
  };
}

function receiveRow(record: ListedRecord): ReceiveListRow {
  return {
    reference: record.reference,
    kind: record.kind === 'return' ? 'return' : 'receive',
    status: record.status,
    state: record.state,
    warehouse: record.warehouse,
    sender: record.title,
    originalOrder: record.originalOrder,
    reason: record.reason,
    eta: isoOrNull(record.dueMs),
    finalized: isoOrNull(record.finishedMs),
    updated: new Date(record.updatedMs).toISOString(),
    announced: record.announced,
    received: record.received,
    short: record.short,
    over: record.over,
    unitsShort: record.unitsShort,
    unitsOver: record.unitsOver,
  };
}

/** Rows a page when the caller does not say. */
const defaultListLimit = 50;

async function listAnswer(
  c: Context<ServerEnv>,
  store: RecordStore,
  row: (record: ListedRecord) => OrderListRow | ReceiveListRow,
  request: ListRequest | Problem[],
  { limit = defaultListLimit, cursor }: { limit?: number; cursor?: string },
): Promise<Response> {
  if (Array.isArray(request)) return refusalOf(request);
  const { filter, order } = request;
  const after = cursor === undefined ? undefined : store.readListCursor(cursor, order);
  if (after === null) {
    return refusalOf([
      {
        parameter: 'cursor',
        detail:
          'cursor is not one this list gave out for this sort and direction: pass nextCursor of the previous page.',
      },
    ]);
  }
  const { rows, nextCursor, total } = await store.listPage(filter, order, { limit, after });
  return answerData(c, { rows: rows.map(row), nextCursor, total });
}

/** What an export asks: the list, and the time zone its times are written in. */
type ExportRequest = ListRequest & { timeZone?: string };

/** What an export asks: its query as `route` declares it, read by `toRequest`; or the refusal. */
async function exportReading<R extends ConsoleRoute>(
  c: Context<ServerEnv>,
  route: R,
  toRequest: (query: DeclaredQuery<R['query']>) => ListRequest | Problem[],
): Promise<ExportRequest | Response> {
  const read = await readDeclared(c, route);
  if ('refusal' in read) return read.refusal;
  const query = read.request.query as DeclaredQuery<R['query']> & { timeZone?: string };
  const request = toRequest(query);
  return Array.isArray(request) ? refusalOf(request) : { ...request, timeZone: query.timeZone };
}

/**
 * The export of a list in `format`: every matching row, read from the index in batches as the client takes
 * them (one batch per turn of the event loop), so neither memory nor the event loop grows with its size.
 */
async function exportAnswer(
  c: Context<ServerEnv>,
  { store, auditLog, heavyWork }: { store: RecordStore; auditLog: AuditLog; heavyWork: HeavyWork },
  format: ExportFormat,
  reading: ExportRequest | Response,
): Promise<Response> {
  const person = c.get('person');
  // Who took customer data out of the console, or tried to, and which: the filters as sent.
  const record = (what: string, status: number) =>
    auditLog.record({
      person: person.name,
      role: person.role,
      action: `Exported ${what} (${format === 'csv' ? 'CSV' : 'Excel'})`,
      target: new URL(c.req.url).search.slice(1) || 'all',
      status,
    });
  const refusal = refusalFor(person, 'exports.download');
  if (refusal) {
    await record(reading instanceof Response ? 'a list' : `${reading.filter.kind}s`, refusal.status);
    return refusal;
  }
  if (reading instanceof Response) return reading;
  // Its place in the export line is held until the last batch is sent or the client goes.
  const place = await heavyWork.holdPlace(c, 'export');
  await record(`${reading.filter.kind}s`, place instanceof Response ? place.status : 200);
  if (place instanceof Response) return place;
  c.env?.outgoing?.once('close', place.release);
  const { filter, order, timeZone } = reading;
  const batches = store.listBatches(filter, order, exportBatch);
  const bytes = exportBytes(format, listExportTables[filter.kind], batches, timeZone);
  const sent = new URL(c.req.url).searchParams;
  const fileName = exportFileName(filter.kind, sent, new Date().toISOString().slice(0, 10), format);
  return new Response(streamedBody(bytes, place.release), {
    status: 200,
    headers: downloadHeaders(format, fileName),
  });
}

/**
 * Lists over the console's index, for the pages: `GET /api/index/orders` and `/api/index/receives`
 * (receives or returns) with filters, a sort, keyset paging and a total, and their CSV exports at
 * `/api/index/orders.csv` and `/api/index/receives.csv` for roles that may download exports. Installed
 * behind the session guard; every export goes into the audit log.
 */
export function installIndexListRoutes(
  app: Hono<ServerEnv>,
  stores: { store: RecordStore; auditLog: AuditLog; heavyWork: HeavyWork },
): void {
  const { store } = stores;
  installRoute(app, consoleRoutes.listOrders, (c, { query }) =>
    listAnswer(c, store, orderRow, orderListRequest(query), query),
  );
  installRoute(app, consoleRoutes.listReceives, (c, { query }) =>
    listAnswer(c, store, receiveRow, receiveListRequest(query), query),
  );
  // An export reads its query itself: a refused role goes into the audit log even with a bad query.
  const installExport = <R extends ConsoleRoute>(
    route: R,
    toRequest: (query: DeclaredQuery<R['query']>) => ListRequest | Problem[],
    format: ExportFormat,
  ) =>
    app.get(`/api${route.path}`, async (c) =>
      exportAnswer(c, stores, format, await exportReading(c, route, toRequest)),
    );
  installExport(consoleRoutes.exportOrders, orderListRequest, 'csv');
  installExport(consoleRoutes.exportOrdersWorkbook, orderListRequest, 'xlsx');
  installExport(consoleRoutes.exportReceives, receiveListRequest, 'csv');
  installExport(consoleRoutes.exportReceivesWorkbook, receiveListRequest, 'xlsx');
}
