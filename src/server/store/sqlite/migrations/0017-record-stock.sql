-- What each record moves in and out of stock, by product, warehouse and lot (stock-movements.ts): written
-- with each version (stock-rows.ts), filled for the records held by the derivation upgrade; the stock
-- list and a product's stock sum these rows. Made only if missing, so that running it again is safe.
  CREATE TABLE IF NOT EXISTS record_stock (
    org TEXT NOT NULL,
    product_code TEXT NOT NULL,
    warehouse TEXT NOT NULL,
    lot TEXT NOT NULL,
    record_id INTEGER NOT NULL,
    expiry TEXT,
    received REAL NOT NULL,
    returned REAL NOT NULL,
    shipped REAL NOT NULL,
    incoming REAL NOT NULL,
    committed REAL NOT NULL,
    PRIMARY KEY (org, product_code, warehouse, lot, record_id)
  ) WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS record_stock_record ON record_stock (record_id);
  CREATE INDEX IF NOT EXISTS record_stock_lot ON record_stock (org, lot);
  CREATE INDEX IF NOT EXISTS record_stock_warehouse ON record_stock (org, warehouse, product_code, lot);
  CREATE INDEX IF NOT EXISTS record_stock_expiry ON record_stock (org, expiry) WHERE expiry IS NOT NULL;
