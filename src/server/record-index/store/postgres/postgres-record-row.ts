import type { RecordRow } from '../../records/indexed-record';

/** The columns of RecordRow, in the order of the records table: everything but the search terms. */
export const recordColumns = `id, family, reference, kind, upstream_id, status, state, warehouse, due_ms,
  updated_ms, finished_ms, title, short, over, announced, received, units_short, units_over, created_ms, glance,
  source, indexed_ms, search_values, doc`;

/** The ids and times of a row as pg reads them: bigint as text (it may pass 2^53; the index's never do). */
export type BigintsAsText = {
  id: string;
  due_ms: string | null;
  updated_ms: string;
  finished_ms: string | null;
  created_ms: string | null;
};

type PostgresRecordRow = Omit<RecordRow, keyof BigintsAsText | 'indexed_ms'> &
  BigintsAsText & { indexed_ms: string };

const numberOrNull = (value: string | null) => (value === null ? null : Number(value));

/** A row's ids and times as numbers, as SQLite reads them. */
export function bigintsAsNumbers<Row extends BigintsAsText>(
  row: Row,
): Omit<Row, keyof BigintsAsText> & Pick<RecordRow, keyof BigintsAsText> {
  return {
    ...row,
    id: Number(row.id),
    due_ms: numberOrNull(row.due_ms),
    updated_ms: Number(row.updated_ms),
    finished_ms: numberOrNull(row.finished_ms),
    created_ms: numberOrNull(row.created_ms),
  };
}

/** A row of `SELECT ${recordColumns}` as SQLite's store reads it, so both engines share what reads rows. */
export function toRecordRow(row: PostgresRecordRow): RecordRow {
  return { ...bigintsAsNumbers(row), indexed_ms: Number(row.indexed_ms) };
}

/** Of records found by reference key, the one with this reference, else the one in other letter case. */
export function sameReference<T extends { reference: string }>(candidates: T[], reference: string): T | null {
  return (
    candidates.find((candidate) => candidate.reference === reference) ??
    candidates.find((candidate) => candidate.reference.toLowerCase() === reference.toLowerCase()) ??
    null
  );
}
