-- Each product's, warehouse's and lot's sums of record_stock, kept by triggers in the transaction of every
-- write of its rows, so that the stock list and a product's stock read one row a lot instead of summing
-- every order that ever moved it (at 100,000 orders a page summed tens of thousands of rows). `rows`
-- counts the movements summed: a lot none moves any longer leaves the list, as an empty group would.
-- The expiry is the earliest of the lot's rows: a row removed with one asks the rest again. Made only if
-- missing and filled afresh, so that running it again is safe.
  CREATE TABLE IF NOT EXISTS stock_totals (
    org TEXT NOT NULL,
    product_code TEXT NOT NULL,
    warehouse TEXT NOT NULL,
    lot TEXT NOT NULL,
    expiry TEXT,
    received REAL NOT NULL,
    returned REAL NOT NULL,
    shipped REAL NOT NULL,
    incoming REAL NOT NULL,
    committed REAL NOT NULL,
    rows INTEGER NOT NULL,
    PRIMARY KEY (org, product_code, warehouse, lot)
  ) WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS stock_totals_lot ON stock_totals (org, lot);
  CREATE INDEX IF NOT EXISTS stock_totals_warehouse ON stock_totals (org, warehouse, product_code, lot);
  CREATE INDEX IF NOT EXISTS stock_totals_expiry ON stock_totals (org, expiry) WHERE expiry IS NOT NULL;

  DELETE FROM stock_totals;
  INSERT INTO stock_totals (org, product_code, warehouse, lot, expiry, received, returned, shipped, incoming,
      committed, rows)
    SELECT org, product_code, warehouse, lot, MIN(expiry), SUM(received), SUM(returned), SUM(shipped),
      SUM(incoming), SUM(committed), COUNT(*)
    FROM record_stock GROUP BY org, product_code, warehouse, lot;

  CREATE TRIGGER IF NOT EXISTS stock_totals_added AFTER INSERT ON record_stock BEGIN
    INSERT INTO stock_totals (org, product_code, warehouse, lot, expiry, received, returned, shipped,
        incoming, committed, rows)
      VALUES (NEW.org, NEW.product_code, NEW.warehouse, NEW.lot, NEW.expiry, NEW.received, NEW.returned,
        NEW.shipped, NEW.incoming, NEW.committed, 1)
      ON CONFLICT (org, product_code, warehouse, lot) DO UPDATE SET
        expiry = CASE WHEN excluded.expiry IS NOT NULL AND (expiry IS NULL OR excluded.expiry < expiry)
          THEN excluded.expiry ELSE expiry END,
        received = received + excluded.received,
        returned = returned + excluded.returned,
        shipped = shipped + excluded.shipped,
        incoming = incoming + excluded.incoming,
        committed = committed + excluded.committed,
        rows = rows + 1;
  END;

  CREATE TRIGGER IF NOT EXISTS stock_totals_removed AFTER DELETE ON record_stock BEGIN
    DELETE FROM stock_totals
      WHERE org = OLD.org AND product_code = OLD.product_code AND warehouse = OLD.warehouse AND lot = OLD.lot
        AND rows = 1;
    UPDATE stock_totals SET
        received = received - OLD.received,
        returned = returned - OLD.returned,
        shipped = shipped - OLD.shipped,
        incoming = incoming - OLD.incoming,
        committed = committed - OLD.committed,
        rows = rows - 1,
        expiry = CASE WHEN OLD.expiry IS NULL THEN expiry ELSE (SELECT MIN(expiry) FROM record_stock
          WHERE org = OLD.org AND product_code = OLD.product_code AND warehouse = OLD.warehouse
            AND lot = OLD.lot) END
      WHERE org = OLD.org AND product_code = OLD.product_code AND warehouse = OLD.warehouse AND lot = OLD.lot;
  END;
