import type { Context, Hono } from 'hono';
import { consoleRoutes } from '../../../contract/console-api';
import type { DeclaredQuery } from '../../api/console-route';
import { answerData, installRoute, refusalOf } from '../../api/console-route';
import type { HeavyWork } from '../../heavy-work/heavy-work';
import type { ServerEnv } from '../../server-env';
import type { AuditLog } from '../../store/audit-log';
import type { RecordStore } from '../store/record-store-port';
import type { StockFilter, StockPosition } from '../store/stock-keysets';
import { downloadHeaders, type ExportFormat, exportBytes, streamedBody } from './export-stream';
import { stockExportTable } from './stock-export-table';

const dayMs = 86_400_000;

/** The list's filter from its declared query: "expiring within N days" as the last day it reaches. */
function stockFilterOf(query: DeclaredQuery<typeof consoleRoutes.exportStock.query>): StockFilter {
  const today = query.today ?? new Date().toISOString().slice(0, 10);
  const expiringBy =
    query.expiringWithinDays === undefined
      ? undefined
      : new Date(Date.parse(today) + query.expiringWithinDays * dayMs).toISOString().slice(0, 10);
  return {
    query: query.q === undefined || query.q === '' ? undefined : query.q,
    warehouse: query.warehouse === undefined || query.warehouse === '' ? undefined : query.warehouse,
    expiringBy,
    direction: query.dir ?? 'asc',
  };
}

/** Rows an export reads at a time. */
const exportBatch = 500;

/** Every row of the stock list a filter matches, a page at a time. */
async function* stockBatches(store: RecordStore, filter: StockFilter) {
  let after: StockPosition | undefined;
  for (;;) {
    const page = await store.stockPage(filter, { limit: exportBatch, after });
    yield page.rows;
    if (!page.nextCursor) return;
    after = store.readStockCursor(page.nextCursor, filter) ?? undefined;
  }
}

/**
 * Stock as the console counts it: `GET /api/index/stock` (a page of the list), `/api/index/stock.csv`
 * (all of it, for roles that may download exports, each export in the audit log) and
 * `/api/index/products/{code}/stock` (one product's, for its page).
 */
export function installStockRoutes(
  app: Hono<ServerEnv>,
  { store, auditLog, heavyWork }: { store: RecordStore; auditLog: AuditLog; heavyWork: HeavyWork },
): void {
  installRoute(app, consoleRoutes.listStock, async (c, { query }) => {
    const filter = stockFilterOf(query);
    const after = query.cursor === undefined ? undefined : store.readStockCursor(query.cursor, filter);
    if (after === null) {
      return refusalOf([
        {
          parameter: 'cursor',
          detail:
            'cursor is not one this list gave out for this direction: pass nextCursor of the previous page.',
        },
      ]);
    }
    const page = await store.stockPage(filter, { limit: query.limit ?? 50, after });
    // Each product's id at the warehouse, where the index holds the product, for a link to its page.
    const codes = [...new Set(page.rows.map((row) => row.productCode))];
    const products = await Promise.all(codes.map((code) => store.find('product', code)));
    const ids = new Map(codes.map((code, index) => [code, products[index]?.upstreamId ?? null]));
    return answerData(c, {
      ...page,
      rows: page.rows.map((row) => ({ ...row, productId: ids.get(row.productCode) ?? null })),
    });
  });

  installRoute(app, consoleRoutes.getProductStock, async (c, { params: { productCode } }) =>
    answerData(c, await store.productStock(productCode)),
  );

  const installExport = (
    route: typeof consoleRoutes.exportStock | typeof consoleRoutes.exportStockWorkbook,
    format: ExportFormat,
  ) =>
    installRoute(
      app,
      route,
      async (c: Context<ServerEnv>, { query }) => {
        const place = await heavyWork.holdPlace(c, 'export');
        if (place instanceof Response) return place;
        c.env?.outgoing?.once('close', place.release);
        const bytes = exportBytes(format, stockExportTable, stockBatches(store, stockFilterOf(query)));
        const fileName = `stock-${new Date().toISOString().slice(0, 10)}.${format}`;
        return new Response(streamedBody(bytes, place.release), {
          status: 200,
          headers: downloadHeaders(format, fileName),
        });
      },
      {
        // Who took the stock out of the console, or tried to (a refused role too), with the filters as sent.
        audit: async (c, status) => {
          const person = c.get('person');
          await auditLog.record({
            person: person.name,
            role: person.role,
            action: `Exported stock (${format === 'csv' ? 'CSV' : 'Excel'})`,
            target: new URL(c.req.url).search.slice(1) || 'all',
            status,
          });
        },
      },
    );
  installExport(consoleRoutes.exportStock, 'csv');
  installExport(consoleRoutes.exportStockWorkbook, 'xlsx');
}
