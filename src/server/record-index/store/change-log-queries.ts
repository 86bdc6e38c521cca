import type { LiveChange } from '../../../contract/live-change';
import type { RecordActivity, RecordChange } from '../../../contract/record-activity';
import type { ConsoleDatabase } from '../../store/sqlite/console-db';
import type { RecordKind } from '../records/indexed-document';
import type { IndexedRecord, IndexSource } from '../records/indexed-record';

/** The change log's reads: what live streams follow, and a record's activity. */
export function changeLogQueries(db: ConsoleDatabase, organization: string) {
  const statements = {
    changesAfter: db.prepare<[number, string, number], ChangeRow>(
      `SELECT seq, kind, reference, status, state, status_before, state_before, source, updated_ms, changed
       FROM record_changes WHERE seq > ? AND org = ? ORDER BY seq LIMIT ?`,
    ),
    lastChange: db.prepare<[], { seq: number }>('SELECT coalesce(max(seq), 0) AS seq FROM record_changes'),
    activity: db.prepare<[number, number, number], ActivityRow>(
      `SELECT seq, kind, at_ms, source, person, status, status_before, state, state_before, changed, details
       FROM record_changes WHERE record_id = ? AND seq < ? ORDER BY seq DESC LIMIT ?`,
    ),
  };
  return {
    changesAfter: (seq: number, limit: number): LiveChange[] =>
      statements.changesAfter.all(seq, organization, limit).map(toLiveChange),
    /** Of any organization: the log's sequence is the database's. */
    lastChangeSeq: (): number => statements.lastChange.get()?.seq ?? 0,
    activity(
      record: Pick<IndexedRecord, 'id'>,
      { before, limit }: { before: number | null; limit: number },
    ): RecordActivity {
      const rows = statements.activity.all(record.id, before ?? Number.MAX_SAFE_INTEGER, limit + 1);
      const entries = rows.slice(0, limit).map(toRecordChange);
      return { entries, nextBefore: rows.length > limit ? (entries.at(-1)?.seq ?? null) : null };
    },
  };
}

/** A change log row as either engine reads it (PostgreSQL's bigint columns arrive as text). */
export type ChangeRow = {
  seq: number;
  kind: RecordKind;
  reference: string;
  status: string;
  state: string;
  status_before: string | null;
  state_before: string | null;
  source: IndexSource;
  updated_ms: number;
  changed: string;
};

export const toLiveChange = (
  row: Omit<ChangeRow, 'seq' | 'updated_ms'> & { seq: number | string; updated_ms: number | string },
): LiveChange => ({
  seq: Number(row.seq),
  kind: row.kind,
  reference: row.reference,
  status: row.status,
  state: row.state,
  statusBefore: row.status_before,
  stateBefore: row.state_before,
  source: row.source,
  updated: new Date(Number(row.updated_ms)).toISOString(),
  changed: JSON.parse(row.changed) as string[],
});

/** A change log row as a record's activity reads it, from either engine. */
export type ActivityRow = Omit<ChangeRow, 'reference' | 'updated_ms'> & {
  at_ms: number;
  person: string | null;
  details: string | null;
};

export const toRecordChange = (
  row: Omit<ActivityRow, 'seq' | 'at_ms'> & { seq: number | string; at_ms: number | string },
): RecordChange => ({
  seq: Number(row.seq),
  at: new Date(Number(row.at_ms)).toISOString(),
  source: row.source,
  person: row.person,
  kind: row.kind,
  status: row.status,
  statusBefore: row.status_before,
  state: row.state,
  stateBefore: row.state_before,
  changed: JSON.parse(row.changed) as string[],
  details: row.details === null ? null : (JSON.parse(row.details) as RecordChange['details']),
});
