import type pg from 'pg';
import { partyKeysOfValues } from '../../../../domain/parties';
import type { StockMovement } from '../../../../domain/stock-movements';
import { isUnreadable, type RecordFamily, readWarehouseDocument } from '../../records/indexed-document';
import { readStoredSearchValues } from '../../search/search-terms';

/** A record a batch stored, as its stock rows are written: its row id, and whether it was held before. */
type StoredStock = {
  family: RecordFamily;
  before: unknown;
  now: { id: number } | undefined;
  stock: StockMovement[] | null;
};

const columns = [
  'product_code',
  'warehouse',
  'lot',
  'expiry',
  'received',
  'returned',
  'shipped',
  'incoming',
  'committed',
];

/**
 * The stock table's rows of the records a batch stored (stock-movements.ts), on PostgreSQL: those held
 * before cleared, each one's written, a statement for the whole batch. Every row is the record's own, under
 * its row lock, so two consoles never write the same rows.
 */
export async function writeStock(client: pg.PoolClient, organization: string, changed: StoredStock[]) {
  const records = changed.filter(
    (record) => record.family !== 'product' && record.stock !== null && record.now,
  );
  const kept = records.filter((record) => record.before).map((record) => record.now?.id);
  if (kept.length > 0)
    await client.query('DELETE FROM record_stock WHERE record_id = ANY($1::bigint[])', [kept]);
  const rows = records.flatMap((record) =>
    (record.stock ?? []).map((movement) => ({ ...movement, id: record.now?.id as number })),
  );
  if (rows.length === 0) return;
  await client.query(
    `INSERT INTO record_stock (org, record_id, ${columns.join(', ')})
     SELECT $1, * FROM unnest($2::bigint[], $3::text[], $4::text[], $5::text[], $6::text[], $7::float8[],
       $8::float8[], $9::float8[], $10::float8[], $11::float8[])`,
    [
      organization,
      rows.map((row) => row.id),
      rows.map((row) => row.productCode),
      rows.map((row) => row.warehouse),
      rows.map((row) => row.lot),
      rows.map((row) => row.expiry),
      rows.map((row) => row.received),
      rows.map((row) => row.returned),
      rows.map((row) => row.shipped),
      rows.map((row) => row.incoming),
      rows.map((row) => row.committed),
    ],
  );
}

/**
 * The stock table (as console-db-migrations.ts makes it on SQLite), filled from the documents of the
 * orders, receives and returns held, a thousand at a time: the migration that adds it.
 */
export async function createStockTable(client: pg.PoolClient): Promise<void> {
  await client.query(`
    CREATE TABLE IF NOT EXISTS record_stock (
      org text COLLATE "C" NOT NULL,
      product_code text COLLATE "C" NOT NULL,
      warehouse text COLLATE "C" NOT NULL,
      lot text COLLATE "C" NOT NULL,
      record_id bigint NOT NULL REFERENCES records (id) ON DELETE CASCADE,
      expiry text COLLATE "C",
      received double precision NOT NULL,
      returned double precision NOT NULL,
      shipped double precision NOT NULL,
      incoming double precision NOT NULL,
      committed double precision NOT NULL,
      PRIMARY KEY (org, product_code, warehouse, lot, record_id)
    );
    CREATE INDEX IF NOT EXISTS record_stock_record ON record_stock (record_id);
    CREATE INDEX IF NOT EXISTS record_stock_lot ON record_stock (org, lot);
    CREATE INDEX IF NOT EXISTS record_stock_warehouse ON record_stock (org, warehouse, product_code, lot);
    CREATE INDEX IF NOT EXISTS record_stock_expiry ON record_stock (org, expiry) WHERE expiry IS NOT NULL;
    DELETE FROM record_stock;
  `);
  for (let after = 0; ; ) {
    const { rows } = await client.query<{ id: string; org: string; doc: string }>(
      `SELECT id, org, doc FROM records WHERE id > $1 AND kind != 'product' ORDER BY id LIMIT 1000`,
      [after],
    );
    if (rows.length === 0) return;
    const byOrg = new Map<string, StoredStock[]>();
    for (const { id, org, doc } of rows) {
      const derived = readWarehouseDocument(JSON.parse(doc));
      if (isUnreadable(derived)) continue;
      const held = byOrg.get(org) ?? [];
      held.push({ family: derived.family, before: null, now: { id: Number(id) }, stock: derived.stock });
      byOrg.set(org, held);
    }
    for (const [org, held] of byOrg) await writeStock(client, org, held);
    after = Number(rows.at(-1)?.id);
  }
}

/**
 * The customer and supplier keys (parties.ts) of the orders, receives and returns held, from their search
 * values, a thousand records at a time: the migration that adds them (a write adds them from then on).
 */
export async function addPartyKeys(client: pg.PoolClient): Promise<void> {
  for (let after = 0; ; ) {
    const { rows } = await client.query<{ id: string; search_values: string }>(
      `SELECT id, search_values FROM records WHERE id > $1 AND kind != 'product' ORDER BY id LIMIT 1000`,
      [after],
    );
    if (rows.length === 0) return;
    const keys = rows.flatMap(({ id, search_values }) =>
      partyKeysOfValues(readStoredSearchValues(search_values)).map((key) => [key, Number(id)] as const),
    );
    if (keys.length > 0)
      await client.query(
        'INSERT INTO record_exact_values (value, record_id) SELECT * FROM unnest($1::text[], $2::bigint[]) ON CONFLICT DO NOTHING',
        [keys.map(([key]) => key), keys.map(([, id]) => id)],
      );
    after = Number(rows.at(-1)?.id);
  }
}
