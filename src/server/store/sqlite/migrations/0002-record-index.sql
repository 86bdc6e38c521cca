-- The index of the warehouse's records: the latest document of each, the columns lists filter and sort
-- by, full-text search terms, a log of every version, webhook intake and the sync's checkpoint.
  CREATE TABLE records (
    id INTEGER PRIMARY KEY,
    org TEXT NOT NULL,
    family TEXT NOT NULL,
    reference TEXT NOT NULL,
    reference_key TEXT NOT NULL,
    kind TEXT NOT NULL,
    upstream_id TEXT NOT NULL,
    status TEXT NOT NULL,
    state TEXT NOT NULL,
    warehouse TEXT NOT NULL,
    due_ms INTEGER,
    updated_ms INTEGER NOT NULL,
    title TEXT NOT NULL,
    short INTEGER NOT NULL,
    over INTEGER NOT NULL,
    announced REAL NOT NULL,
    received REAL NOT NULL,
    source TEXT NOT NULL,
    indexed_ms INTEGER NOT NULL,
    search_values TEXT NOT NULL,
    doc TEXT NOT NULL,
    UNIQUE (org, family, reference)
  );
  CREATE INDEX records_reference_key ON records (org, reference_key);
  CREATE INDEX records_kind_updated ON records (org, kind, updated_ms, id);
  CREATE INDEX records_kind_state ON records (org, kind, state, updated_ms);
  CREATE INDEX records_kind_status ON records (org, kind, status, updated_ms);
  CREATE INDEX records_kind_due ON records (org, kind, due_ms);
  CREATE VIRTUAL TABLE record_terms USING fts5(
    refs, people, contact, tracking, items, content = '', contentless_delete = 1, prefix = '3 4 5 6'
  );
  CREATE TABLE record_changes (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    record_id INTEGER NOT NULL,
    org TEXT NOT NULL,
    kind TEXT NOT NULL,
    reference TEXT NOT NULL,
    at_ms INTEGER NOT NULL,
    source TEXT NOT NULL,
    updated_ms INTEGER NOT NULL,
    status_before TEXT,
    status TEXT NOT NULL,
    state_before TEXT,
    state TEXT NOT NULL,
    changed TEXT NOT NULL
  );
  CREATE INDEX record_changes_record ON record_changes (record_id, seq);
  CREATE TABLE webhook_intake (
    id INTEGER PRIMARY KEY,
    at_ms INTEGER NOT NULL,
    outcome TEXT NOT NULL,
    kind TEXT,
    reference TEXT,
    reason TEXT,
    bytes INTEGER NOT NULL,
    excerpt TEXT
  );
  CREATE TABLE intake_counts (outcome TEXT PRIMARY KEY, count INTEGER NOT NULL);
  CREATE TABLE sync_state (name TEXT PRIMARY KEY, value TEXT NOT NULL);
