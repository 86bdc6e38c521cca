import type { RecordRow } from '../../records/indexed-record';

/** The columns of RecordRow, in the order of the records table: everything but the search terms. */
export const recordColumns = `id, family, reference, kind, upstream_id, status, state, warehouse, due_ms,
  updated_ms, finished_ms, title, short, over, announced, received, units_short, units_over, created_ms, glance,
  source, indexed_ms, search_values, doc`;

/** pg reads bigint as text (it may pass 2^53); the index's ids and times never do. */
type PostgresRecordRow = Omit<
  RecordRow,
  'id' | 'due_ms' | 'updated_ms' | 'finished_ms' | 'created_ms' | 'indexed_ms'
> & {
  id: string;
  due_ms: string | null;
  updated_ms: string;
  finished_ms: string | null;
  created_ms: string | null;
  indexed_ms: string;
};

const numberOrNull = (value: string | null) => (value === null ? null : Number(value));

/** A row of `SELECT ${recordColumns}` as SQLite's store reads it, so both engines share what reads rows. */
export function toRecordRow(row: PostgresRecordRow): RecordRow {
  return {
    ...row,
    id: Number(row.id),
    due_ms: numberOrNull(row.due_ms),
    updated_ms: Number(row.updated_ms),
    finished_ms: numberOrNull(row.finished_ms),
    created_ms: numberOrNull(row.created_ms),
    indexed_ms: Number(row.indexed_ms),
  };
}

/** Of records found by reference key, the one with this reference, else the one in other letter case. */
export function sameReference<T extends { reference: string }>(candidates: T[], reference: string): T | null {
  return (
    candidates.find((candidate) => candidate.reference === reference) ??
    candidates.find((candidate) => candidate.reference.toLowerCase() === reference.toLowerCase()) ??
    null
  );
}
