import type Database from 'better-sqlite3';
import { listing } from '../contract/query-parameters';
import { problem } from './errors';

/**
 * One table of JSON documents: the document as stored text beside the columns it is found and listed by
 * (org, id, its reference, the time it was last updated, and any the table adds), read in pages.
 */

/** Where a page ends: the last row's update time and id (newest first, id breaks ties). */
export type ListPosition = { updatedMs: number; id: string };

export type ListFilter = {
  /** productCode for products, primaryReference for orders and receives: exact match. */
  reference?: string;
  status?: string;
  /** null: receives without a subtype. */
  subtype?: string | null;
  updatedFromMs?: number;
  updatedToMs?: number;
  after?: ListPosition;
  limit: number;
};

export type ListPage<T> = { items: T[]; next: ListPosition | null };

type ListRow = { id: string; updatedMs: number; doc: string };

/**
 * The most one stored document may hold, well within a list page. A create is bounded by the contract's
 * limits; this stops operator actions from growing an order or receive (sublines, milestones, shipments)
 * without end.
 */
export const MAX_DOCUMENT_BYTES = 4 * 1024 * 1024;

export type Repository<T extends { id: string }> = {
  get(org: string, id: string): T | undefined;
  /** The stored JSON text, for answers that need not parse it. */
  getRaw(org: string, id: string): string | undefined;
  /** Insert or replace; keeps the indexed columns in step with the document. */
  put(org: string, doc: T): void;
  list(org: string, filter: ListFilter): ListPage<T>;
  /** The page as stored JSON texts, for answers that need not parse them. */
  listRaw(org: string, filter: ListFilter): ListPage<string>;
  /** Whether a document with this productCode (products) or primaryReference exists, without reading it. */
  hasReference(org: string, reference: string): boolean;
  count(org?: string): number;
};

type TableSpec<T> = {
  table: string;
  /** What one document is, in messages. */
  noun: string;
  referenceColumn: string;
  /** Extra indexed columns beyond org, id, reference, updated_ms and doc. */
  columns: { name: string; value: (doc: T) => string | null }[];
  reference: (doc: T) => string;
};

function updatedMs(doc: { dateLastUpdated?: string }): number {
  const ms = doc.dateLastUpdated ? Date.parse(doc.dateLastUpdated) : Number.NaN;
  return Number.isNaN(ms) ? 0 : ms;
}

export function createRepository<T extends { id: string; dateLastUpdated?: string }>(
  db: Database.Database,
  spec: TableSpec<T>,
) {
  const { table, referenceColumn } = spec;
  const extra = spec.columns.map((column) => column.name);
  const insertColumns = ['org', 'id', referenceColumn, ...extra, 'updated_ms', 'doc'];
  const updates = insertColumns.filter((name) => name !== 'org' && name !== 'id');
  const put = db.prepare(
    `INSERT INTO ${table} (${insertColumns.join(', ')}) VALUES (${insertColumns.map((name) => `@${name}`).join(', ')})
     ON CONFLICT (org, id) DO UPDATE SET ${updates.map((name) => `${name} = excluded.${name}`).join(', ')}`,
  );
  const get = db.prepare(`SELECT doc FROM ${table} WHERE org = ? AND id = ?`).pluck();
  const byReference = db.prepare(`SELECT doc FROM ${table} WHERE org = ? AND ${referenceColumn} = ?`).pluck();
  const referenceExists = db
    .prepare(`SELECT 1 FROM ${table} WHERE org = ? AND ${referenceColumn} = ?`)
    .pluck();
  const countAll = db.prepare(`SELECT count(*) FROM ${table}`).pluck();
  const countOrg = db.prepare(`SELECT count(*) FROM ${table} WHERE org = ?`).pluck();
  const listCache = new Map<string, Database.Statement>();

  function listStatement(filter: ListFilter): { statement: Database.Statement; params: unknown[] } {
    const where = ['org = ?'];
    const params: unknown[] = [];
    const add = (clause: string, value: unknown) => {
      where.push(clause);
      params.push(value);
    };
    if (filter.reference !== undefined) add(`${referenceColumn} = ?`, filter.reference);
    if (filter.status !== undefined && extra.includes('status')) add('status = ?', filter.status);
    if (filter.subtype !== undefined && extra.includes('subtype')) add('subtype IS ?', filter.subtype);
    if (filter.updatedFromMs !== undefined) add('updated_ms >= ?', filter.updatedFromMs);
    if (filter.updatedToMs !== undefined) add('updated_ms <= ?', filter.updatedToMs);
    if (filter.after) {
      where.push('(updated_ms < ? OR (updated_ms = ? AND id < ?))');
      params.push(filter.after.updatedMs, filter.after.updatedMs, filter.after.id);
    }
    const sql = `SELECT id, updated_ms AS updatedMs, doc FROM ${table} WHERE ${where.join(' AND ')}
      ORDER BY updated_ms DESC, id DESC LIMIT ?`;
    let statement = listCache.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      listCache.set(sql, statement);
    }
    return { statement, params };
  }

  function listRaw(org: string, filter: ListFilter): ListPage<string> {
    const { reference, limit, ...others } = filter;
    const onlyReference =
      reference !== undefined && Object.values(others).every((value) => value === undefined);
    if (onlyReference && limit >= 1) {
      // The reference is unique: the hot lookup needs neither ordering nor paging.
      const doc = byReference.get(org, reference) as string | undefined;
      return { items: doc === undefined ? [] : [doc], next: null };
    }
    const { statement, params } = listStatement(filter);
    const items: string[] = [];
    let bytes = 0;
    let last: ListPosition | undefined;
    // Read row by row: a page ends at the limit or before the row that would take it past its byte
    // budget (but never empty, so paging always moves on); nextCursor then leads on from the last row.
    for (const row of statement.iterate(org, ...params, filter.limit + 1) as Iterable<ListRow>) {
      const size = Buffer.byteLength(row.doc) + 1;
      if (items.length === filter.limit || (items.length > 0 && bytes + size > listing.pageBytes)) {
        return { items, next: last ?? null };
      }
      items.push(row.doc);
      bytes += size;
      last = { updatedMs: row.updatedMs, id: row.id };
    }
    return { items, next: null };
  }

  return {
    get(org: string, id: string): T | undefined {
      const doc = get.get(org, id) as string | undefined;
      return doc === undefined ? undefined : (JSON.parse(doc) as T);
    },
    getRaw(org: string, id: string): string | undefined {
      return get.get(org, id) as string | undefined;
    },
    getByReference(org: string, reference: string): T | undefined {
      const doc = byReference.get(org, reference) as string | undefined;
      return doc === undefined ? undefined : (JSON.parse(doc) as T);
    },
    put(org: string, doc: T): void {
      const text = JSON.stringify(doc);
      if (Buffer.byteLength(text) > MAX_DOCUMENT_BYTES) {
        throw problem(
          'conflict',
          `This ${spec.noun} would grow past ${MAX_DOCUMENT_BYTES / 1024 / 1024} MiB, the most the sandbox keeps for one document: nothing was changed`,
        );
      }
      const row: Record<string, unknown> = {
        org,
        id: doc.id,
        [referenceColumn]: spec.reference(doc),
        updated_ms: updatedMs(doc),
        doc: text,
      };
      for (const column of spec.columns) row[column.name] = column.value(doc);
      put.run(row);
    },
    listRaw,
    hasReference(org: string, reference: string): boolean {
      return referenceExists.get(org, reference) !== undefined;
    },
    list(org: string, filter: ListFilter): ListPage<T> {
      const page = listRaw(org, filter);
      return { items: page.items.map((doc) => JSON.parse(doc) as T), next: page.next };
    },
    count(org?: string): number {
      return (org === undefined ? countAll.get() : countOrg.get(org)) as number;
    },
  };
}
