import type { Context, Hono } from 'hono';
import { consoleRoutes } from '../../../contract/console-api';
import {
  type OrderListRow,
  orderListRowSchema,
  type ReceiveListRow,
  receiveListRowSchema,
} from '../../../contract/index-lists';
import { type CsvCell, csvLine } from '../../../domain/csv-line';
import { orderStateWords, receiveStateWords, type StateWords } from '../../../domain/record-states';
import { answerData, installRoute, type Problem, refusalOf } from '../../console-route';
import type { HeavyWork } from '../../heavy-work/heavy-work';
import type { ServerEnv } from '../../server-env';
import type { AuditLog } from '../../store/audit-log';
import type { ListedRecord, ListFilter } from '../store/list-keysets';
import type { RecordStore } from '../store/record-store-port';
import { exportFileName } from './export-file-name';
import { type ListRequest, orderListRequest, receiveListRequest } from './index-list-query';

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

type ListKind = {
  row: (record: ListedRecord) => OrderListRow | ReceiveListRow;
  /** The columns of its export: the members of its rows, in their order. */
  columns: string[];
  /** The export writes a state as the pages say it; one the console has no words for, as the index holds it. */
  stateWords: Record<string, StateWords>;
};

const orders: ListKind = {
  row: orderRow,
  columns: Object.keys(orderListRowSchema.shape),
  stateWords: orderStateWords,
};
const receives: ListKind = {
  row: receiveRow,
  columns: Object.keys(receiveListRowSchema.shape),
  stateWords: receiveStateWords,
};

/** Export headers other than the row's member names, by the kind listed: who sends a receive's goods. */
const exportHeaders: Partial<Record<ListFilter['kind'], Record<string, string>>> = {
  receive: { sender: 'supplier' },
  return: { sender: 'customer' },
};

/** One row of an export: the list's row with its state in words (the status column keeps the code). */
function exportCells(kind: ListKind, record: ListedRecord): CsvCell[] {
  const row: Record<string, CsvCell> = kind.row(record);
  const words = Object.hasOwn(kind.stateWords, record.state) ? kind.stateWords[record.state] : null;
  const cells: Record<string, CsvCell> = { ...row, state: words?.label ?? record.state };
  return kind.columns.map((column) => cells[column] ?? null);
}

async function listAnswer(
  c: Context<ServerEnv>,
  store: RecordStore,
  kind: ListKind,
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
  return answerData(c, { rows: rows.map(kind.row), nextCursor, total });
}

/**
 * The export of a list: every matching row, read from the index in batches as the client takes them
 * (one batch per turn of the event loop), so neither memory nor the event loop grows with its size.
 */
async function exportAnswer(
  c: Context<ServerEnv>,
  { store, heavyWork }: { store: RecordStore; heavyWork: HeavyWork },
  kind: ListKind,
  reading: ListRequest | Problem[],
): Promise<Response> {
  if (Array.isArray(reading)) return refusalOf(reading);
  // Its place in the export line is held until the last batch is sent or the client goes.
  const place = await heavyWork.holdPlace(c, 'export');
  if (place instanceof Response) return place;
  c.env?.outgoing?.once('close', place.release);
  const { filter, order } = reading;
  const batches = store.listBatches(filter, order, exportBatch);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      // The byte order mark tells spreadsheet programs the text is UTF-8.
      const headers = kind.columns.map((column) => exportHeaders[filter.kind]?.[column] ?? column);
      controller.enqueue(encoder.encode(`\uFEFF${csvLine(headers)}`));
    },
    async pull(controller) {
      // The socket may take batch after batch without waiting: yield first, so requests get in between.
      await new Promise((resolve) => setImmediate(resolve));
      const batch = await batches.next().catch((error) => {
        place.release();
        throw error;
      });
      if (batch.done) {
        controller.close();
        place.release();
        return;
      }
      const lines = batch.value.map((record) => csvLine(exportCells(kind, record)));
      controller.enqueue(encoder.encode(lines.join('')));
    },
    async cancel() {
      place.release();
      await batches.return(undefined);
    },
  });
  const sent = new URL(c.req.url).searchParams;
  const fileName = exportFileName(filter.kind, sent, new Date().toISOString().slice(0, 10));
  return new Response(body, {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8; header=present',
      'content-disposition': `attachment; filename="${fileName}"`,
      'cache-control': 'no-store',
    },
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
    listAnswer(c, store, orders, orderListRequest(query), query),
  );
  installRoute(app, consoleRoutes.listReceives, (c, { query }) =>
    listAnswer(c, store, receives, receiveListRequest(query), query),
  );
  // Who took customer data out of the console, or tried to (a refused role too), and which: the filters
  // as sent.
  const audited =
    (what: (c: Context<ServerEnv>) => string) => async (c: Context<ServerEnv>, status: number) => {
      const person = c.get('person');
      await stores.auditLog.record({
        person: person.name,
        role: person.role,
        action: `Exported ${what(c)} (CSV)`,
        target: new URL(c.req.url).search.slice(1) || 'all',
        status,
      });
    };
  installRoute(
    app,
    consoleRoutes.exportOrders,
    (c, { query }) => exportAnswer(c, stores, orders, orderListRequest(query)),
    { audit: audited(() => 'orders') },
  );
  installRoute(
    app,
    consoleRoutes.exportReceives,
    (c, { query }) => exportAnswer(c, stores, receives, receiveListRequest(query)),
    { audit: audited((c) => (c.req.query('kind') === 'return' ? 'returns' : 'receives')) },
  );
}
