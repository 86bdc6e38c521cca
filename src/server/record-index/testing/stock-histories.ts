import fc from 'fast-check';
import { orderSchema } from '../../../contract/order';
import { receiveSchema } from '../../../contract/receive';
import { type IndexedDocument, isUnreadable, readWarehouseDocument } from '../records/indexed-document';
import type { RecordStore } from '../store/record-store-port';
import type { StockFilter } from '../store/stock-keysets';

// Generated histories of receives, returns and orders, each a few versions that move goods of a product in
// a warehouse under a lot (or none), and what the stock must be after them, worked out from the histories
// themselves, not from the documents: the stock tests' data on both engines.

export type Moved = { product: string; lot: string | null; quantity: number };
export type StockVersion = { finalized: boolean; lines: Moved[]; secondsAfter: number };
export type StockHistory = {
  kind: 'receive' | 'return' | 'order';
  reference: string;
  warehouse: string;
  versions: StockVersion[];
};

const expiryOfLot = (lot: string) => `2027-0${lot.length % 9}-15`;
const startMs = Date.parse('2026-11-21T08:00:00Z');

/** A version of a history as the operator would send it: its shipment finalized or still open. */
export function documentOf(history: StockHistory, index: number): IndexedDocument {
  const version = history.versions[index] as StockVersion;
  const secondsAfter = history.versions.slice(0, index + 1).reduce((sum, each) => sum + each.secondsAfter, 0);
  const updated = new Date(startMs + secondsAfter * 1000).toISOString();
  const lines = version.lines.map((line, number) => ({
    lineNumber: String(number + 1),
    productCode: line.product,
    quantity: line.quantity,
  }));
  const moved = version.lines.map((line, number) => ({
    lineNumber: String(number + 1),
    productCode: line.product,
    quantity: line.quantity,
    sublines: line.lot
      ? [
          {
            quantity: line.quantity,
            partAttributes: [
              { key: 'LOT', value: line.lot },
              { key: 'EXP', value: expiryOfLot(line.lot) },
            ],
          },
        ]
      : [],
  }));
  const common = {
    id: `id-${history.reference}`,
    primaryReference: history.reference,
    warehouseCode: history.warehouse,
    status: version.finalized ? 'FIN' : 'PRS',
    dateCreated: new Date(startMs).toISOString(),
    dateLastUpdated: updated,
  };
  const document =
    history.kind === 'order'
      ? orderSchema.parse({
          ...common,
          orderLines: lines,
          shipments: [
            {
              id: `s-${history.reference}`,
              status: version.finalized ? 'FIN' : 'ENT',
              shipmentLines: version.finalized ? moved : [],
            },
          ],
        })
      : receiveSchema.parse({
          ...common,
          subtype: history.kind === 'return' ? 'RET' : undefined,
          receiveLines: lines,
          shipments: [
            {
              id: `s-${history.reference}`,
              status: version.finalized ? 'FIN' : 'PRS',
              receiveLines: version.finalized ? moved : [],
            },
          ],
        });
  const read = readWarehouseDocument(document);
  if (isUnreadable(read)) throw new Error(read.reason);
  return read;
}

/** Per product, warehouse and lot ('' for none): on hand, incoming and committed after the last versions. */
export function expectedStock(histories: readonly StockHistory[]): Map<string, [number, number, number]> {
  const expected = new Map<string, [number, number, number]>();
  // A lot listed is one something moved: one that came in and went out again is listed at 0 on hand.
  const moved = new Set<string>();
  const add = (key: string, at: 0 | 1 | 2, units: number) => {
    const sums = expected.get(key) ?? [0, 0, 0];
    sums[at] = Math.round((sums[at] + units) * 1e6) / 1e6;
    expected.set(key, sums);
    if (units !== 0) moved.add(key);
  };
  for (const history of histories) {
    const last = history.versions.at(-1) as StockVersion;
    for (const line of last.lines) {
      const key = (lot: string) => JSON.stringify([line.product, history.warehouse, lot]);
      if (last.finalized)
        add(key(line.lot ?? ''), 0, history.kind === 'order' ? -line.quantity : line.quantity);
      else if (history.kind === 'receive') add(key(''), 1, line.quantity);
      else if (history.kind === 'order') add(key(''), 2, line.quantity);
      else add(key(''), 0, 0);
    }
  }
  for (const key of expected.keys()) if (!moved.has(key)) expected.delete(key);
  return expected;
}

/** Every row of the stock list, read a few at a time, as the same map. */
export async function storedStock(store: RecordStore, filter: StockFilter = { direction: 'asc' }) {
  const stored = new Map<string, [number, number, number]>();
  let after: ReturnType<RecordStore['readStockCursor']> = null;
  for (;;) {
    const page = await store.stockPage(filter, { limit: 3, after: after ?? undefined });
    for (const row of page.rows) {
      stored.set(JSON.stringify([row.productCode, row.warehouse, row.lot]), [
        row.onHand,
        row.incoming,
        row.committed,
      ]);
    }
    if (!page.nextCursor) return stored;
    after = store.readStockCursor(page.nextCursor, filter);
  }
}

const moved = fc.record({
  product: fc.constantFrom('P-A', 'P-B', 'p-c'),
  lot: fc.constantFrom('L1', 'L2', null),
  quantity: fc.oneof(fc.integer({ min: 1, max: 50 }), fc.constantFrom(0.1, 0.2, 2.5)),
});
const version = fc.record({
  finalized: fc.boolean(),
  lines: fc.array(moved, { minLength: 1, maxLength: 3 }),
  // Several in one second, as the operator sends them.
  secondsAfter: fc.constantFrom(0, 0, 1, 30),
});

/** A few records' histories, each of a kind, a warehouse and one to three versions. */
export const stockHistories = fc
  .array(
    fc.record({
      kind: fc.constantFrom('receive' as const, 'return' as const, 'order' as const),
      warehouse: fc.constantFrom('W1', 'W2'),
      versions: fc.array(version, { minLength: 1, maxLength: 3 }),
    }),
    { minLength: 1, maxLength: 6 },
  )
  .map((histories) =>
    histories.map(
      (history, index): StockHistory => ({
        ...history,
        reference: `${history.kind === 'order' ? 'SO' : history.kind === 'return' ? 'RMA' : 'PO'}-${index + 1}`,
      }),
    ),
  );

/**
 * How the versions arrive: each webhook of each version late, early, twice or never (indexes into the
 * flat list of versions, any order, repeats allowed).
 */
export const deliveryOrder = (count: number) =>
  fc.array(fc.nat({ max: Math.max(0, count - 1) }), { minLength: 0, maxLength: count * 2 });
