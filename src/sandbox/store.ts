import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { Order } from '../contract/order';
import type { Product } from '../contract/product';
import type { Receive } from '../contract/receive';
import { createRepository, type Repository } from './document-repository';
import { createStockStore, type StockStore } from './stock-store';
import { createWebhookOutbox, type RecordKind, type WebhookOutbox } from './webhooks/webhook-outbox';

export type SandboxDatabase = Database.Database;

/** One connection in WAL mode; `:memory:` gives a private database (tests). */
export function openDatabase(file: string): SandboxDatabase {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  // A short wait covers a previous sandbox still closing the file; anything longer is another process using
  // it.
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
  // larger ones keep bursts of creates fast, at the cost of a larger WAL in between.
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

export type SandboxStore = {
  db: SandboxDatabase;
  products: Repository<Product> & { getByCode(org: string, code: string): Product | undefined };
  orders: Repository<Order> & {
    getByReference(org: string, reference: string): Order | undefined;
  };
  receives: Repository<Receive> & {
    getByReference(org: string, reference: string): Receive | undefined;
  };
  /** The simulated warehouse's lots and serial numbers on the shelf. */
  stock: StockStore;
  /** Runs fn in one write transaction (nested calls join the outer one). */
  transaction<R>(fn: () => R): R;
  /** Deliveries of the changes of orders and receives, written by their `put` (while it records). */
  webhookOutbox: WebhookOutbox;
};

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
    stock: createStockStore(db),
    transaction<R>(fn: () => R): R {
      return inTransaction(fn) as R;
    },
  };
}
