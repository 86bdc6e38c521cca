-- Lists and search say more of a record without reading its document: a receive's units short and over,
-- when a record was created (an order's date), and a glance (its first lines, an order's tracking
-- numbers: RecordGlance in indexed-document.ts). derivation-upgrade.ts fills them for the records held.
  ALTER TABLE records ADD COLUMN units_short REAL NOT NULL DEFAULT 0;
  ALTER TABLE records ADD COLUMN units_over REAL NOT NULL DEFAULT 0;
  ALTER TABLE records ADD COLUMN created_ms INTEGER;
  ALTER TABLE records ADD COLUMN glance TEXT NOT NULL DEFAULT '{"items":[],"lines":0,"trackingNumbers":[],"tracked":0}';
