import type pg from 'pg';
import type { LiveChange } from '../../../../contract/live-change';
import type { RecordActivity } from '../../../../contract/record-activity';
import type { PostgresDatabase } from '../../../store/postgres/postgres-database';
import type { RecordKind } from '../../records/indexed-document';
import type { IndexSource } from '../../records/indexed-record';
import {
  type ActivityRow,
  type ChangeRow as SqliteChangeRow,
  toLiveChange,
  toRecordChange,
} from '../change-log-queries';
import type { RecordStore } from '../record-store-port';
import { notifyChanges } from './postgres-change-signal';

/** A change log entry as a write makes it, before the end of its transaction gives it its seq. */
export type PendingChange = {
  recordId: number;
  kind: RecordKind;
  reference: string;
  atMs: number;
  source: IndexSource;
  updatedMs: number;
  statusBefore: string | null;
  status: string;
  stateBefore: string | null;
  state: string;
  changed: string[];
  person: string | null;
  details: unknown;
};

/**
 * The change log's positions must never pass a change that commits later: with seqs taken as each write
 * goes, transaction A could take 10 and B 11, B commit, a reader read up to 11, and A's 10 commit unseen.
 * So each transaction appends its entries last, holding this lock (one per schema: consoles on one schema
 * share a log) from their insert to its commit. Whoever takes it next has seen the commit before it (a
 * transaction's locks are released after its commit is visible), so seqs are taken in commit order and any
 * snapshot sees a prefix of them. What it costs: transactions that add changes commit one at a time.
 */
const appendLock = "hashtextextended('record_changes ' || current_schema(), 0)";

/**
 * Appends a transaction's entries to the change log, the last thing it does before it commits, and tells
 * the consoles listening (notifyChanges: sent as the transaction commits, never if it rolls back).
 */
export async function appendChanges(
  client: pg.PoolClient,
  organization: string,
  changes: PendingChange[],
): Promise<void> {
  if (changes.length === 0) return;
  await client.query(`SELECT pg_advisory_xact_lock(${appendLock})`);
  const column = <T>(pick: (change: PendingChange) => T) => changes.map(pick);
  await client.query(
    `INSERT INTO record_changes (record_id, org, kind, reference, at_ms, source, updated_ms, status_before,
       status, state_before, state, changed, person, details)
     SELECT record_id, $1, kind, reference, at_ms, source, updated_ms, status_before, status, state_before,
       state, changed, person, details
     FROM unnest($2::bigint[], $3::text[], $4::text[], $5::bigint[], $6::text[], $7::bigint[], $8::text[],
       $9::text[], $10::text[], $11::text[], $12::text[], $13::text[], $14::text[])
       WITH ORDINALITY AS entry (record_id, kind, reference, at_ms, source, updated_ms, status_before, status,
         state_before, state, changed, person, details, position)
     ORDER BY position`,
    [
      organization,
      column((change) => change.recordId),
      column((change) => change.kind),
      column((change) => change.reference),
      column((change) => change.atMs),
      column((change) => change.source),
      column((change) => change.updatedMs),
      column((change) => change.statusBefore),
      column((change) => change.status),
      column((change) => change.stateBefore),
      column((change) => change.state),
      column((change) => JSON.stringify(change.changed)),
      column((change) => change.person),
      column((change) => (change.details === null ? null : JSON.stringify(change.details))),
    ],
  );
  await notifyChanges(client);
}

type ChangeRow = Omit<SqliteChangeRow, 'seq' | 'updated_ms'> & { seq: string; updated_ms: string };

/** The change log's reads, as RecordStore's `changesAfter`, `lastChangeSeq` and `activity`. */
export function postgresChangeLog(
  db: PostgresDatabase,
  organization: string,
): Pick<RecordStore, 'changesAfter' | 'lastChangeSeq' | 'activity'> {
  return {
    /** This organization's changes after sequence number `seq`, oldest first, at most `limit`. */
    async changesAfter(seq: number, limit: number): Promise<LiveChange[]> {
      const { rows } = await db.query<ChangeRow>(
        `SELECT seq, kind, reference, status, state, status_before, state_before, source, updated_ms, changed
         FROM record_changes WHERE seq > $1 AND org = $2 ORDER BY seq LIMIT $3`,
        [seq, organization, limit],
      );
      return rows.map(toLiveChange);
    },
    /** The newest sequence number of the change log (of any organization; 0 while it is empty). */
    async lastChangeSeq(): Promise<number> {
      const { rows } = await db.query<{ seq: string }>(
        'SELECT coalesce(max(seq), 0) AS seq FROM record_changes',
      );
      return Number(rows[0]?.seq ?? 0);
    },
    /**
     * A record's versions as the index stored them, newest first: at most `limit`, those before sequence
     * number `before` when given, and where the next older page starts.
     */
    async activity(record, { before, limit }): Promise<RecordActivity> {
      const { rows } = await db.query<Omit<ActivityRow, 'seq' | 'at_ms'> & { seq: string; at_ms: string }>(
        `SELECT seq, kind, at_ms, source, person, status, status_before, state, state_before, changed, details
         FROM record_changes WHERE record_id = $1 AND seq < $2 ORDER BY seq DESC LIMIT $3`,
        [record.id, before ?? Number.MAX_SAFE_INTEGER, limit + 1],
      );
      const entries = rows.slice(0, limit).map(toRecordChange);
      return { entries, nextBefore: rows.length > limit ? (entries.at(-1)?.seq ?? null) : null };
    },
  };
}
