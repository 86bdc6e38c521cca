-- Records whose search terms are still to be written (record-writes.ts writes them in batches; fresh:
-- the record has no terms yet, so none to delete).
  CREATE TABLE record_terms_due (record_id INTEGER PRIMARY KEY, fresh INTEGER NOT NULL);
