import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { Order } from '../contract/order';
import type { Product } from '../contract/product';
import { listing } from '../contract/query-parameters';
import type { Receive } from '../contract/receive';
import { problem } from './errors';
import { createWebhookOutbox, type RecordKind, type WebhookOutbox } from './webhooks/webhook-outbox';

export type SandboxDatabase = Database.Database;

/** One connection in WAL mode; `:memory:` gives a private database (tests). */
export function openDatabase(file: string): SandboxDatabase {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  // A short wait covers a previous sandbox still closing the file; anything longer is another process using it.
  const db = new Database(file, { timeout: 1000 });
  // The only connection: holding the lock lets SQLite keep the WAL index in its own memory instead of
  // taking file locks on every read and commit (about half the cost of each).
  db.pragma('locking_mode = EXCLUSIVE');
  try {
    db.pragma('journal_mode = WAL');
  } catch (error) {
    db.close();
    if ((error as { code?: string }).code === 'SQLITE_BUSY') {
      throw new Error(
        `The sandbox database ${file} is in use by another process; set SANDBOX_DB to another file`,
      );
    }
    throw error;
  }
  // NORMAL keeps every committed write across a killed process; only an OS crash may lose the last ones.
  db.pragma('synchronous = NORMAL');
  // Reads of a large sandbox come from memory rather than a read() call per page.
  db.pragma('cache_size = -65536');
  // Checkpoints (which copy the WAL into the database and sync) stall every request behind them: fewer,
  // larger ones keep bursts of creates fast; the WAL may grow to about 40 MB in between.
  db.pragma('wal_autocheckpoint = 10000');
  db.pragma('mmap_size = 1073741824');
  db.exec(`
    CREATE TABLE IF NOT EXISTS products (
      org TEXT NOT NULL, id TEXT NOT NULL, product_code TEXT NOT NULL,
      updated_ms INTEGER NOT NULL, doc TEXT NOT NULL,
      PRIMARY KEY (org, id)
    );
    CREATE UNIQUE INDEX IF NOT EXISTS products_code ON products (org, product_code);
    CREATE INDEX IF NOT EXISTS products_updated ON products (org, updated_ms, id);

    CREATE TABLE IF NOT EXISTS orders (
      org TEXT NOT NULL, id TEXT NOT NULL, primary_reference TEXT NOT NULL, status TEXT NOT NULL,
      updated_ms INTEGER NOT NULL, doc TEXT NOT NULL,
      PRIMARY KEY (org, id)
    );
    CREATE UNIQUE INDEX IF NOT EXISTS orders_reference ON orders (org, primary_reference);
    CREATE INDEX IF NOT EXISTS orders_updated ON orders (org, updated_ms, id);

    CREATE TABLE IF NOT EXISTS receives (
      org TEXT NOT NULL, id TEXT NOT NULL, primary_reference TEXT NOT NULL, status TEXT NOT NULL,
      subtype TEXT, updated_ms INTEGER NOT NULL, doc TEXT NOT NULL,
      PRIMARY KEY (org, id)
    );
    CREATE UNIQUE INDEX IF NOT EXISTS receives_reference ON receives (org, primary_reference);
    CREATE INDEX IF NOT EXISTS receives_updated ON receives (org, updated_ms, id);

    -- Webhook deliveries, one per change of an order or receive (webhooks/webhook-outbox.ts).
    CREATE TABLE IF NOT EXISTS webhook_outbox (
      seq INTEGER PRIMARY KEY,
      org TEXT NOT NULL, kind TEXT NOT NULL, record_id TEXT NOT NULL, primary_reference TEXT NOT NULL,
      body TEXT NOT NULL, faults TEXT NOT NULL, created_ms INTEGER NOT NULL,
      state TEXT NOT NULL DEFAULT 'pending', attempts INTEGER NOT NULL DEFAULT 0,
      next_attempt_ms INTEGER, last_attempt_ms INTEGER, last_status INTEGER, last_answer TEXT
    );
    CREATE INDEX IF NOT EXISTS webhook_outbox_due ON webhook_outbox (next_attempt_ms, seq) WHERE state = 'pending';
    CREATE INDEX IF NOT EXISTS webhook_outbox_org ON webhook_outbox (org, seq);
  `);
  return db;
}

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

export type SandboxStore = {
  db: SandboxDatabase;
  products: Repository<Product> & { getByCode(org: string, code: string): Product | undefined };
  orders: Repository<Order> & {
    getByReference(org: string, reference: string): Order | undefined;
  };
  receives: Repository<Receive> & {
    getByReference(org: string, reference: string): Receive | undefined;
  };
  /** Runs fn in one write transaction (nested calls join the outer one). */
  transaction<R>(fn: () => R): R;
  /** Deliveries of the changes of orders and receives, written by their `put` (while it records). */
  webhookOutbox: WebhookOutbox;
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

function createRepository<T extends { id: string; dateLastUpdated?: string }>(
  db: SandboxDatabase,
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

/**
 * Every write of an order or receive goes through `put`: while the outbox records, the same transaction
 * stores the new version and enqueues its webhook delivery.
 */
function withWebhookOutbox<T extends { id: string; primaryReference: string }, R extends Repository<T>>(
  repository: R,
  kind: RecordKind,
  outbox: WebhookOutbox,
  inTransaction: (fn: () => unknown) => unknown,
): R {
  return {
    ...repository,
    put(org: string, doc: T): void {
      if (!outbox.isRecording()) {
        repository.put(org, doc);
        return;
      }
      inTransaction(() => {
        outbox.record({ kind, organization: org, doc, previousBody: () => repository.getRaw(org, doc.id) });
        repository.put(org, doc);
      });
    },
  };
}

export function createSandboxStore(db: SandboxDatabase): SandboxStore {
  // One wrapper for every transaction, rather than a new one per call.
  const inTransaction = db.transaction((fn: () => unknown) => fn());
  const products = createRepository<Product>(db, {
    table: 'products',
    noun: 'product',
    referenceColumn: 'product_code',
    columns: [],
    reference: (doc) => doc.productCode,
  });
  const orders = createRepository<Order>(db, {
    table: 'orders',
    noun: 'order',
    referenceColumn: 'primary_reference',
    columns: [{ name: 'status', value: (doc) => doc.status }],
    reference: (doc) => doc.primaryReference,
  });
  const receives = createRepository<Receive>(db, {
    table: 'receives',
    noun: 'receive',
    referenceColumn: 'primary_reference',
    columns: [
      { name: 'status', value: (doc) => doc.status },
      { name: 'subtype', value: (doc) => doc.subtype ?? null },
    ],
    reference: (doc) => doc.primaryReference,
  });
  const webhookOutbox = createWebhookOutbox(db);
  return {
    db,
    products: { ...products, getByCode: products.getByReference },
    orders: withWebhookOutbox(orders, 'order', webhookOutbox, inTransaction),
    receives: withWebhookOutbox(receives, 'receive', webhookOutbox, inTransaction),
    webhookOutbox,
    transaction<R>(fn: () => R): R {
      return inTransaction(fn) as R;
    },
  };
}
