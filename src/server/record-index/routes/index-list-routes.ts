import type { Context, Hono } from 'hono';
import { consoleRoutes } from '../../../contract/console-api';
import type { ConsoleRoute } from '../../../contract/console-route';
import type { OrderListRow, ReceiveListRow } from '../../../contract/index-lists';
import {
  answerData,
  type DeclaredQuery,
  installRoute,
  type Problem,
  refusalOf,
} from '../../api/console-route';
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

/**
 * The export of a list in `format`: every matching row, read from the index in batches as the client takes
 * them (one batch per turn of the event loop), so neither memory nor the event loop grows with its size.
 */
async function exportAnswer(
  c: Context<ServerEnv>,
  { store, heavyWork }: { store: RecordStore; heavyWork: HeavyWork },
  format: ExportFormat,
  reading: ListRequest | Problem[],
  timeZone: string | undefined,
): Promise<Response> {
  if (Array.isArray(reading)) return refusalOf(reading);
  // Its place in the export line is held until the last batch is sent or the client goes.
  const place = await heavyWork.holdPlace(c, 'export');
  if (place instanceof Response) return place;
  c.env?.outgoing?.once('close', place.release);
  const { filter, order } = reading;
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
  // Who took customer data out of the console, or tried to (a refused role too), and which: the filters
  // as sent.
  const installExport = <R extends ConsoleRoute>(
    route: R,
    toRequest: (query: DeclaredQuery<R['query']>) => ListRequest | Problem[],
    format: ExportFormat,
  ) =>
    installRoute(
      app,
      route,
      (c, { query }) =>
        exportAnswer(c, stores, format, toRequest(query), (query as { timeZone?: string }).timeZone),
      {
        audit: async (c, status) => {
          const person = c.get('person');
          const what = !route.path.startsWith('/index/receives')
            ? 'orders'
            : c.req.query('kind') === 'return'
              ? 'returns'
              : 'receives';
          await stores.auditLog.record({
            person: person.name,
            role: person.role,
            action: `Exported ${what} (${format === 'csv' ? 'CSV' : 'Excel'})`,
            target: new URL(c.req.url).search.slice(1) || 'all',
            status,
          });
        },
      },
    );
  installExport(consoleRoutes.exportOrders, orderListRequest, 'csv');
  installExport(consoleRoutes.exportOrdersWorkbook, orderListRequest, 'xlsx');
  installExport(consoleRoutes.exportReceives, receiveListRequest, 'csv');
  installExport(consoleRoutes.exportReceivesWorkbook, receiveListRequest, 'xlsx');
}
