-- Each lot and serial number a record's sublines hold, with what a trace shows of it (record-parts.ts):
-- a trace reads these rows, never a document. Written with each version; derivation-upgrade.ts fills them
-- for the records held.
  CREATE TABLE record_parts (
    part_key TEXT NOT NULL,
    record_id INTEGER NOT NULL,
    entries TEXT NOT NULL,
    PRIMARY KEY (part_key, record_id)
  ) WITHOUT ROWID;
  CREATE INDEX record_parts_record ON record_parts (record_id);
