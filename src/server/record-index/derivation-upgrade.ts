import type { ConsoleDatabase } from '../console-db';
import { isUnreadable, readWarehouseDocument } from './indexed-document';
import { writeTransaction } from './record-writes';

/**
 * Each change to how the index derives a record's columns from its document, oldest first, as the rows it
 * can alter. A database written before a change re-derives those rows once as it opens: a re-sync would
 * not, since the same document again is a duplicate.
 */
const derivationChanges = [
  // Units on a canceled shipment are canceled, not short (lineFulfillment, 81360f0): only an order that
  // was short can read otherwise (shipped_short becomes shipped or shipped_over, or its flag goes).
  "kind = 'order' AND short = 1",
];

/** The sync_state entry of the derivation the rows were written under (none: before the first change). */
const derivationKey = 'index.derivation';
/** Rows re-derived per transaction: the intake and the sync wait for one batch at most. */
const batchSize = 500;

type DerivedRow = {
  id: number;
  doc: string;
  state: string;
  short: number;
  over: number;
  finished_ms: number | null;
};

/**
 * Re-derives state, short, over and finished_ms of the rows written under an older derivation, in batches,
 * and records the current one: bounded work once per change, nothing at later opens. Answers how many rows
 * changed.
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
    'SELECT id, doc, state, short, over, finished_ms FROM records WHERE id = ?',
  );
  const update = db.prepare(
    'UPDATE records SET state = @state, short = @short, over = @over, finished_ms = @finishedMs WHERE id = @id',
  );
  const rederive = writeTransaction(db, (batch: number[]) => {
    let changed = 0;
    for (const id of batch) {
      const row = read.get(id);
      const derived = row && readWarehouseDocument(JSON.parse(row.doc));
      if (!row || !derived || isUnreadable(derived)) continue;
      const columns = {
        id,
        state: derived.state,
        short: derived.short ? 1 : 0,
        over: derived.over ? 1 : 0,
        finishedMs: derived.finishedMs,
      };
      if (
        columns.state === row.state &&
        columns.short === row.short &&
        columns.over === row.over &&
        columns.finishedMs === row.finished_ms
      )
        continue;
      update.run(columns);
      changed++;
    }
    return changed;
  });
  let changed = 0;
  for (let start = 0; start < ids.length; start += batchSize) {
    changed += rederive(ids.slice(start, start + batchSize));
  }
  db.prepare(
    'INSERT INTO sync_state (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value',
  ).run(derivationKey, JSON.stringify(derivationChanges.length));
  return changed;
}
