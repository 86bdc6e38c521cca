import { maxReturnsOfOrder } from '../../../contract/index-records';
import { orderSchema } from '../../../contract/order';
import { receiveSchema } from '../../../contract/receive';
import { unitsToRefund } from '../../../domain/return-allowance';
import { compactForm } from '../../../domain/search-text';
import type { ConsoleDatabase } from '../../store/sqlite/console-db';
import type { SearchValue } from '../records/search-values';
import { originalOrderField, originalOrderKey, readStoredSearchValues } from '../search/search-terms';

/** The original order a return's search values name, if any (the first, as originalOrderOf reads it). */
function originalOrderIn(values: readonly Pick<SearchValue, 'field' | 'value'>[]): string | null {
  return values.find((value) => value.field === originalOrderField)?.value ?? null;
}

/** A version just stored, as the refunds read it: its row's id and its document as text. */
export type StoredVersion = {
  id: number;
  kind: string;
  reference: string;
  doc: string;
  searchValues: readonly SearchValue[];
};

/**
 * The order a reference names, as `find` reads it (exactly, else in other letter case), among the orders
 * of its reference key, read as unitsToRefund wants it: null when there is none or it cannot be read.
 */
export function orderNamed(candidates: { reference: string; doc: string }[], reference: string) {
  const row =
    candidates.find((candidate) => candidate.reference === reference) ??
    candidates.find((candidate) => candidate.reference.toLowerCase() === reference.toLowerCase());
  const parsed = row ? orderSchema.safeParse(JSON.parse(row.doc)) : null;
  return parsed?.success ? parsed.data : null;
}

/** The units each of an order's returns has to refund; a return that cannot be read is left as it is. */
export function refundsOfReturns<R extends { doc: string }>(
  order: ReturnType<typeof orderNamed>,
  rows: R[],
): { row: R; units: number }[] {
  const returns = rows.flatMap((row) => {
    const parsed = receiveSchema.safeParse(JSON.parse(row.doc));
    return parsed.success ? [{ row, receive: parsed.data }] : [];
  });
  const all = returns.map(({ receive }) => receive);
  return returns.map(({ row, receive }) => ({ row, units: unitsToRefund(order, receive, all) }));
}

/** A return of no order: every unit it received of what it announced. */
export function unitsOfLoneReturn(doc: string): number {
  const parsed = receiveSchema.safeParse(JSON.parse(doc));
  return parsed.success ? unitsToRefund(null, parsed.data, [parsed.data]) : 0;
}

/**
 * What a version stored asks to work out again: an order's returns, or a return and the others of the
 * orders it names now and named before (`alone`: it names none).
 */
export function refundsAfterStore(
  record: { kind: string; reference: string; searchValues: readonly SearchValue[] },
  searchValuesBefore: string | null,
): { orders: string[]; alone: boolean } {
  if (record.kind === 'order') return { orders: [record.reference], alone: false };
  if (record.kind !== 'return') return { orders: [], alone: false };
  const named = originalOrderIn(record.searchValues);
  const before = searchValuesBefore ? originalOrderIn(readStoredSearchValues(searchValuesBefore)) : null;
  return {
    orders: [named, before !== named ? before : null].filter((order) => order !== null),
    alone: named === null,
  };
}

/**
 * Each return's `refundable` column: the units it has to refund that no earlier return of its order
 * received (unitsToRefund), which the "ready to refund" queue and the returns list filter by. It depends on
 * the order and on the order's other returns, so a write of either works it out again for all the order's
 * returns; they are few (maxReturnsOfOrder), found by their exact key. Runs inside the caller's transaction.
 */
export function returnRefunds(db: ConsoleDatabase, organization: string) {
  const statements = {
    ordersByKey: db.prepare<[string, string], { reference: string; doc: string }>(
      "SELECT reference, doc FROM records WHERE org = ? AND family = 'order' AND reference_key = ? LIMIT 20",
    ),
    // The limit is written in, not bound: a bound LIMIT made this lookup, run for every order stored, many
    // times slower (docs/performance.md).
    returnsOf: db.prepare<[string, string], { id: number; doc: string; refundable: number | null }>(
      // CROSS JOIN keeps the exact key the outer loop: left to choose, SQLite walked every return of the
      // organization for each order stored.
      `SELECT records.id, records.doc, records.refundable FROM record_exact_values AS exact
       CROSS JOIN records ON records.id = exact.record_id
       WHERE exact.value = ? AND records.org = ? AND records.kind = 'return' LIMIT ${maxReturnsOfOrder}`,
    ),
    setRefundable: db.prepare<[number, number]>('UPDATE records SET refundable = ? WHERE id = ?'),
  };

  function store(row: { id: number; refundable: number | null }, units: number) {
    if (row.refundable !== units) statements.setRefundable.run(units, row.id);
  }

  /** Works out again every return of the order `orderReference` names. */
  function refreshReturnsOf(orderReference: string): void {
    const rows = statements.returnsOf.all(originalOrderKey(orderReference), organization);
    if (rows.length === 0) return;
    const order = orderNamed(
      statements.ordersByKey.all(organization, compactForm(orderReference)),
      orderReference,
    );
    for (const { row, units } of refundsOfReturns(order, rows)) store(row, units);
  }

  function refreshAlone(id: number, doc: string): void {
    store({ id, refundable: null }, unitsOfLoneReturn(doc));
  }

  return {
    refreshReturnsOf,
    refreshAlone,

    /**
     * After a version of a record was stored: an order's returns, or a return and the others of the orders
     * it names now and named before, are worked out again.
     */
    afterStore(record: StoredVersion, searchValuesBefore: string | null): void {
      const { orders, alone } = refundsAfterStore(record, searchValuesBefore);
      if (alone) refreshAlone(record.id, record.doc);
      for (const order of orders) refreshReturnsOf(order);
    },
  };
}
