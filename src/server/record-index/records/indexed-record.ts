import type { indexSources } from '../../../contract/index-records';
import type { RecordFamily, RecordGlance, RecordKind } from './indexed-document';

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
  finished_ms: number | null;
  title: string;
  short: number;
  over: number;
  announced: number;
  received: number;
  units_short: number;
  units_over: number;
  created_ms: number | null;
  /** JSON of a RecordGlance. */
  glance: string;
  source: IndexSource;
  indexed_ms: number;
  search_values: string;
  doc: string;
};

/** The columns a record's lists and its page share: all but its document, search values and provenance. */
export type SummaryRow = Pick<
  RecordRow,
  | 'reference'
  | 'kind'
  | 'status'
  | 'state'
  | 'warehouse'
  | 'due_ms'
  | 'updated_ms'
  | 'title'
  | 'short'
  | 'over'
  | 'announced'
  | 'received'
  | 'finished_ms'
  | 'units_short'
  | 'units_over'
  | 'created_ms'
>;

export type RecordSummary = {
  reference: string;
  kind: RecordKind;
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
  finishedMs: number | null;
  unitsShort: number;
  unitsOver: number;
  createdMs: number | null;
};

export const toSummary = (row: SummaryRow): RecordSummary => ({
  reference: row.reference,
  kind: row.kind,
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
  finishedMs: row.finished_ms,
  unitsShort: row.units_short,
  unitsOver: row.units_over,
  createdMs: row.created_ms,
});

export type IndexedRecord = RecordSummary & {
  id: number;
  upstreamId: string;
  source: IndexSource;
  indexedMs: number;
  glance: RecordGlance;
  /** The document as the index keeps it, JSON: what a worker thread is handed, unparsed. */
  documentText: string;
  /** The same, read on first use: a document may run to a megabyte, and some readers only pass it on. */
  document: Record<string, unknown>;
};

export function toRecord(row: RecordRow): IndexedRecord {
  let document: Record<string, unknown> | undefined;
  return {
    ...toSummary(row),
    id: row.id,
    upstreamId: row.upstream_id,
    source: row.source,
    indexedMs: row.indexed_ms,
    glance: JSON.parse(row.glance),
    documentText: row.doc,
    get document() {
      document ??= JSON.parse(row.doc) as Record<string, unknown>;
      return document;
    },
  };
}
