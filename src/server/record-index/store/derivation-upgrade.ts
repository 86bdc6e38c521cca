import type { ConsoleDatabase } from '../../store/sqlite/console-db';
import { type IndexedDocument, isUnreadable, readWarehouseDocument } from '../records/indexed-document';
import type { RecordRow } from '../records/indexed-record';
import { originalOrderField, originalOrderKey } from '../search/search-terms';
import { partRowsOf } from './record-parts';
import { returnRefunds } from './return-refunds';
import { writeTransaction } from './write-transaction';

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
  // Lots and serial numbers have rows of their own (record-parts.ts): no column changes, fillParts fills them.
  '0',
  // Their entries hold the postal address (the recall list's): no column changes, fillParts writes them again.
  '0',
];
/** The first derivation that keeps `refundable`: a database written under an earlier one fills it. */
const refundableSince = 2;
/** The last that changed the parts table's entries: a database written under an earlier one fills it again. */
const partsSince = 5;

/** The sync_state entry of the derivation the rows were written under (none: before the first change). */
const derivationKey = 'index.derivation';
/**
 * Rows re-derived per transaction: the intake, the sync and every request wait for one batch at most,
 * since the work yields between batches.
 */
const batchSize = 250;

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

/** How the upgrade gives way between batches, and whether to stop (the console is closing). */
type Pacing = { pause?: () => Promise<void>; stopped?: () => boolean };
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Re-derives the derived columns (derivedColumns) of the rows written under an older derivation, in
 * batches, and records the current one: bounded work once per change, nothing at later opens. The console
 * runs it once it is listening (at a million records it takes minutes): until it ends, rows not reached
 * yet read as their older derivation did. Answers how many rows changed; one stopped records nothing and
 * starts again at the next open.
 */
export async function upgradeDerivedColumns(
  db: ConsoleDatabase,
  { pause = nextTurn, stopped = () => false }: Pacing = {},
): Promise<number> {
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
    await pause();
    if (stopped()) return changed;
    changed += rederive(ids.slice(start, start + batchSize));
  }
  if (applied < refundableSince && !(await fillRefundable(db, { pause, stopped }))) return changed;
  if (applied < partsSince && !(await fillParts(db, { pause, stopped }))) return changed;
  db.prepare(
    'INSERT INTO sync_state (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value',
  ).run(derivationKey, JSON.stringify(derivationChanges.length));
  return changed;
}

/**
 * Works out `refundable` for every return held, order by order, a batch of orders per transaction.
 * Answers false when stopped before the end.
 */
async function fillRefundable(db: ConsoleDatabase, { pause, stopped }: Required<Pacing>): Promise<boolean> {
  const returns = db
    .prepare<[], { org: string; id: number; original: string | null }>(
      `SELECT org, id, (SELECT entry.value ->> 1 FROM json_each(search_values) AS entry
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
  // Read again in its step: a webhook may have changed it while the upgrade gave way.
  const currentDoc = db.prepare<[number], { doc: string }>('SELECT doc FROM records WHERE id = ?');
  for (const { org, id, original } of returns) {
    if (original === null)
      steps.set(String(id), () => {
        const current = currentDoc.get(id);
        if (current) refunds(org).refreshAlone(id, current.doc);
      });
    else
      steps.set(`${org}\u0000${originalOrderKey(original)}`, () => refunds(org).refreshReturnsOf(original));
  }
  const run = writeTransaction(db, (batch: (() => void)[]) => {
    for (const step of batch) step();
  });
  const all = [...steps.values()];
  for (let start = 0; start < all.length; start += batchSize) {
    await pause();
    if (stopped()) return false;
    run(all.slice(start, start + batchSize));
  }
  return true;
}

/**
 * Writes the parts table's rows of every record that holds a lot or serial number (its exact keys say
 * which), a batch of records per transaction. Answers false when stopped before the end.
 */
async function fillParts(db: ConsoleDatabase, { pause, stopped }: Required<Pacing>): Promise<boolean> {
  const ids = db
    .prepare("SELECT DISTINCT record_id FROM record_exact_values WHERE value >= 'part:' AND value < 'part;'")
    .pluck()
    .all() as number[];
  // Read in its batch: a webhook may have changed it (and written its rows) while the upgrade gave way.
  const read = db.prepare<[number], { doc: string }>('SELECT doc FROM records WHERE id = ?');
  const clear = db.prepare<[number]>('DELETE FROM record_parts WHERE record_id = ?');
  const insert = db.prepare<[string, number, string]>(
    'INSERT INTO record_parts (part_key, record_id, entries) VALUES (?, ?, ?)',
  );
  const fill = writeTransaction(db, (batch: number[]) => {
    for (const id of batch) {
      const row = read.get(id);
      const derived = row && readWarehouseDocument(JSON.parse(row.doc));
      if (!derived || isUnreadable(derived)) continue;
      clear.run(id);
      for (const { key, entries } of partRowsOf(derived.parts)) insert.run(key, id, entries);
    }
  });
  for (let start = 0; start < ids.length; start += batchSize) {
    await pause();
    if (stopped()) return false;
    fill(ids.slice(start, start + batchSize));
  }
  return true;
}
