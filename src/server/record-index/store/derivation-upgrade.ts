import type { ConsoleDatabase } from '../../console-db';
import { type IndexedDocument, isUnreadable, readWarehouseDocument } from '../records/indexed-document';
import type { RecordRow } from '../records/indexed-record';
import { originalOrderField, originalOrderKey } from '../search/search-terms';
import { writeTransaction } from './record-writes';
import { returnRefunds } from './return-refunds';

/**
 * Each change to how the index derives a record's columns from its document, oldest first, as the rows it
 * can alter. A database written before a change re-derives those rows once as it opens: a re-sync would
 * not, since the same document again is a duplicate.
 */
const derivationChanges = [
  // Units on a canceled shipment are canceled, not short (lineFulfillment, 81360f0): only an order that
  // was short can read otherwise (shipped_short becomes shipped or shipped_over, or its flag goes).
  "kind = 'order' AND short = 1",
  // Returns keep the units they have to refund (refundable, return-refunds.ts); the column starts empty.
  "kind = 'return' AND refundable IS NULL",
  // A receive's sender is its supplier's company (senderOf), and records keep their units short and over,
  // their creation time and a glance for search (the columns start empty).
  "kind != 'product'",
];
/** The first derivation that keeps `refundable`: a database written under an earlier one fills it. */
const refundableSince = 2;

/** The sync_state entry of the derivation the rows were written under (none: before the first change). */
const derivationKey = 'index.derivation';
/** Rows re-derived per transaction: the intake and the sync wait for one batch at most. */
const batchSize = 500;

/** The columns a derivation change may alter: the row's column and the document's derived value. */
const derivedColumns = {
  state: (derived: IndexedDocument) => derived.state,
  short: (derived: IndexedDocument) => (derived.short ? 1 : 0),
  over: (derived: IndexedDocument) => (derived.over ? 1 : 0),
  finished_ms: (derived: IndexedDocument) => derived.finishedMs,
  title: (derived: IndexedDocument) => derived.title,
  units_short: (derived: IndexedDocument) => derived.unitsShort,
  units_over: (derived: IndexedDocument) => derived.unitsOver,
  created_ms: (derived: IndexedDocument) => derived.createdMs,
  glance: (derived: IndexedDocument) => JSON.stringify(derived.glance),
} satisfies Partial<Record<keyof RecordRow, (derived: IndexedDocument) => string | number | null>>;
type DerivedColumn = keyof typeof derivedColumns;
const derivedColumnNames = Object.keys(derivedColumns) as DerivedColumn[];

type DerivedRow = Pick<RecordRow, 'id' | 'doc' | DerivedColumn>;

/**
 * Re-derives the derived columns (derivedColumns) of the rows written under an older derivation, in
 * batches, and records the current one: bounded work once per change, nothing at later opens. Answers how
 * many rows changed.
 */
export function upgradeDerivedColumns(db: ConsoleDatabase): number {
  const stored = db
    .prepare<[string], { value: string }>('SELECT value FROM sync_state WHERE name = ?')
    .get(derivationKey);
  const applied = stored ? Number(JSON.parse(stored.value)) : 0;
  if (applied >= derivationChanges.length) return 0;
  const affected = derivationChanges
    .slice(applied)
    .map((condition) => `(${condition})`)
    .join(' OR ');
  const ids = db.prepare(`SELECT id FROM records WHERE ${affected}`).pluck().all() as number[];
  const read = db.prepare<[number], DerivedRow>(
    `SELECT id, doc, ${derivedColumnNames.join(', ')} FROM records WHERE id = ?`,
  );
  const update = db.prepare(
    `UPDATE records SET ${derivedColumnNames.map((column) => `${column} = @${column}`).join(', ')} WHERE id = @id`,
  );
  const rederive = writeTransaction(db, (batch: number[]) => {
    let changed = 0;
    for (const id of batch) {
      const row = read.get(id);
      const derived = row && readWarehouseDocument(JSON.parse(row.doc));
      if (!row || !derived || isUnreadable(derived)) continue;
      const columns = Object.fromEntries(
        derivedColumnNames.map((column) => [column, derivedColumns[column](derived)]),
      );
      if (derivedColumnNames.every((column) => columns[column] === row[column])) continue;
      update.run({ ...columns, id });
      changed++;
    }
    return changed;
  });
  let changed = 0;
  for (let start = 0; start < ids.length; start += batchSize) {
    changed += rederive(ids.slice(start, start + batchSize));
  }
  if (applied < refundableSince) fillRefundable(db);
  db.prepare(
    'INSERT INTO sync_state (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value',
  ).run(derivationKey, JSON.stringify(derivationChanges.length));
  return changed;
}

/** Works out `refundable` for every return held, order by order, a batch of orders per transaction. */
function fillRefundable(db: ConsoleDatabase): void {
  const returns = db
    .prepare<[], { org: string; id: number; doc: string; original: string | null }>(
      `SELECT org, id, doc, (SELECT entry.value ->> 1 FROM json_each(search_values) AS entry
         WHERE entry.value ->> 0 = '${originalOrderField}' LIMIT 1) AS original
       FROM records WHERE kind = 'return'`,
    )
    .all();
  const refundsOf = new Map<string, ReturnType<typeof returnRefunds>>();
  const refunds = (org: string) => {
    let found = refundsOf.get(org);
    if (!found) {
      found = returnRefunds(db, org);
      refundsOf.set(org, found);
    }
    return found;
  };
  // One step per order (its returns together), one per return of no order.
  const steps = new Map<string, () => void>();
  for (const { org, id, doc, original } of returns) {
    if (original === null) steps.set(String(id), () => refunds(org).refreshAlone(id, doc));
    else
      steps.set(`${org}\u0000${originalOrderKey(original)}`, () => refunds(org).refreshReturnsOf(original));
  }
  const run = writeTransaction(db, (batch: (() => void)[]) => {
    for (const step of batch) step();
  });
  const all = [...steps.values()];
  for (let start = 0; start < all.length; start += batchSize) run(all.slice(start, start + batchSize));
}
