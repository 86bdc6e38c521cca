// bench:index's pages of the index beside search: the stock list (GET /api/index/stock's work: a keyset
// page of sums over record_stock), one product's stock, and a customer's page (their records by exact key,
// with their counts), each timed in this process over the filled index.
import { customerExactKey, customerKeyOf } from '#domain/parties';
import type { RecordStore } from '#server/record-index/store/record-store-port';
import type { StockFilter, StockPosition } from '#server/record-index/store/stock-keysets';
import type { DemoCopies } from './demo-shaped-documents';

type Figures = { p50: number; p95: number; max: number; samples: number };

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

async function timed(samples: number, run: (index: number) => Promise<unknown>): Promise<Figures> {
  const times: number[] = [];
  for (let index = 0; index < samples; index++) {
    const started = performance.now();
    await run(index);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: quantile(times, 0.5), p95: quantile(times, 0.95), max: times.at(-1) ?? 0, samples };
}

/**
 * The stock list's pages (the first, the next ones, by warehouse, expiring within a year, by a product
 * code's beginning), a product's stock, and customers' pages of orders picked over the whole index.
 */
export async function measureIndexPages(
  store: RecordStore,
  copies: DemoCopies,
  orders: number,
  samples: number,
) {
  const filters: StockFilter[] = [
    { direction: 'asc' },
    { direction: 'desc' },
    { direction: 'asc', warehouse: 'LAW' },
    { direction: 'asc', expiringBy: new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10) },
    { direction: 'asc', query: 'a' },
  ];
  let after: StockPosition | undefined;
  const codes = new Set<string>();
  const byFilter = filters.map(() => [] as number[]);
  const stock = await timed(samples, async (index) => {
    const filter = filters[index % filters.length] as StockFilter;
    const started = performance.now();
    // Every fifth page follows the one before it, as a reader paging on does.
    const page = await store.stockPage(filter, {
      limit: 50,
      after: index % filters.length === 0 ? after : undefined,
    });
    for (const row of page.rows) codes.add(row.productCode);
    if (index % filters.length === 0)
      after = page.nextCursor ? (store.readStockCursor(page.nextCursor, filter) ?? undefined) : undefined;
    byFilter[index % filters.length]?.push(performance.now() - started);
  });
  const stockByFilter = filters.map((filter, index) => {
    const times = (byFilter[index] ?? []).sort((a, b) => a - b);
    const name = filter.expiringBy
      ? 'expiring'
      : filter.warehouse
        ? 'warehouse'
        : filter.query
          ? 'query'
          : filter.direction;
    return `${name} p95 ${quantile(times, 0.95).toFixed(1)} ms`;
  });
  const products = [...codes];
  const productStock = await timed(Math.min(samples, products.length * 4), (index) =>
    store.productStock(products[index % products.length] as string),
  );
  let found = 0;
  const customer = await timed(samples, async (index) => {
    const order = copies.order(Math.floor(((index * 7919) % samples) * (orders / samples)));
    const key = customerKeyOf({
      personName: order.shipToAddress?.contact?.personName,
      organization: order.shipToAddress?.address?.organization,
      emailAddress: order.shipToAddress?.contact?.emailAddress,
      postalCode: order.shipToAddress?.address?.postalCode,
    });
    if (!key) return;
    const page = await store.partyRecords(customerExactKey(key), ['order', 'return'], { limit: 50 });
    if (page.records.length > 0) found++;
  });
  return { stock, stockByFilter, productStock, customer, customersFound: found };
}
