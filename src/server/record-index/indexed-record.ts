import type { indexSources } from '../../contract/index-records';
import type { RecordFamily, RecordKind } from './indexed-document';

/** Where a version came from (see indexSources). */
export type IndexSource = (typeof indexSources)[number];

export type RecordRow = {
  id: number;
  family: RecordFamily;
  reference: string;
  kind: RecordKind;
  upstream_id: string;
  status: string;
  state: string;
  warehouse: string;
  due_ms: number | null;
  updated_ms: number;
  title: string;
  short: number;
  over: number;
  announced: number;
  received: number;
  source: IndexSource;
  indexed_ms: number;
  search_values: string;
  doc: string;
};

export type IndexedRecord = {
  id: number;
  kind: RecordKind;
  reference: string;
  upstreamId: string;
  status: string;
  state: string;
  warehouse: string;
  dueMs: number | null;
  updatedMs: number;
  title: string;
  short: boolean;
  over: boolean;
  announced: number;
  received: number;
  source: IndexSource;
  indexedMs: number;
  document: Record<string, unknown>;
};

export const toRecord = (row: RecordRow): IndexedRecord => ({
  id: row.id,
  kind: row.kind,
  reference: row.reference,
  upstreamId: row.upstream_id,
  status: row.status,
  state: row.state,
  warehouse: row.warehouse,
  dueMs: row.due_ms,
  updatedMs: row.updated_ms,
  title: row.title,
  short: row.short === 1,
  over: row.over === 1,
  announced: row.announced,
  received: row.received,
  source: row.source,
  indexedMs: row.indexed_ms,
  document: JSON.parse(row.doc),
});
