import { compactForm } from '../../../domain/search-text';
import type { ConsoleDatabase } from '../../store/sqlite/console-db';
import type { RecordFamily, RecordKind } from '../records/indexed-document';
import { type RecordRow, toRecord } from '../records/indexed-record';
import { heldAmong } from './held-references';
import type { RecordStore } from './record-store-port';

/**
 * The index's reads of one record and of its own state on SQLite, as RecordStore's `find`, `heldReferences`, `readState`,
 * `writeState`, `counts` and `newestUpdateMs`.
 */
export function recordReads(
  db: ConsoleDatabase,
  organization: string,
): Pick<RecordStore, 'find' | 'heldReferences' | 'readState' | 'writeState' | 'counts' | 'newestUpdateMs'> {
  const statements = {
    byReference: db.prepare<[string, RecordFamily, string], RecordRow>(
      'SELECT * FROM records WHERE org = ? AND family = ? AND reference = ?',
    ),
    byReferenceKey: db.prepare<[string, RecordFamily, string], RecordRow>(
      'SELECT * FROM records WHERE org = ? AND family = ? AND reference_key = ? LIMIT 20',
    ),
    // The keys as one JSON array: one statement for any number of them.
    byReferenceKeys: db.prepare<[string, RecordFamily, string], { reference: string }>(
      'SELECT reference FROM records WHERE org = ? AND family = ? AND reference_key IN (SELECT value FROM json_each(?))',
    ),
    newestUpdate: db.prepare<[string], { newest: number | null }>(
      "SELECT max(updated_ms) AS newest FROM records WHERE org = ? AND family != 'product'",
    ),
    countRecords: db.prepare<[string], { kind: RecordKind; count: number }>(
      'SELECT kind, count(*) AS count FROM records WHERE org = ? GROUP BY kind',
    ),
    getState: db.prepare<[string], { value: string }>('SELECT value FROM sync_state WHERE name = ?'),
    setState: db.prepare<[string, string]>(
      'INSERT INTO sync_state (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value',
    ),
  };
  return {
    async find(family, reference) {
      const row =
        statements.byReference.get(organization, family, reference) ??
        statements.byReferenceKey
          .all(organization, family, compactForm(reference))
          .find((candidate) => candidate.reference.toLowerCase() === reference.toLowerCase());
      return row ? toRecord(row) : null;
    },
    async heldReferences(family, references) {
      const keys = [...new Set(references.map(compactForm))];
      const held = statements.byReferenceKeys.all(organization, family, JSON.stringify(keys));
      return heldAmong(references, held);
    },
    async readState<T>(name: string) {
      const row = statements.getState.get(`${organization}\u0000${name}`);
      return row ? (JSON.parse(row.value) as T) : null;
    },
    async writeState(name, value) {
      statements.setState.run(`${organization}\u0000${name}`, JSON.stringify(value));
    },
    counts: async () =>
      Object.fromEntries(statements.countRecords.all(organization).map(({ kind, count }) => [kind, count])),
    newestUpdateMs: async () => statements.newestUpdate.get(organization)?.newest ?? null,
  };
}
