/**
 * The console's own schema, one entry per version; `PRAGMA user_version` records how many have run.
 * Append only: a database in the field has run the earlier ones already.
 */
export const consoleDbMigrations: string[] = [
  `
  CREATE TABLE users (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE COLLATE NOCASE,
    role TEXT NOT NULL,
    password_hash TEXT,
    created_ms INTEGER NOT NULL
  );
  CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_ms INTEGER NOT NULL,
    expires_ms INTEGER NOT NULL
  );
  CREATE INDEX sessions_expiry ON sessions (expires_ms);
  CREATE TABLE activity (
    id INTEGER PRIMARY KEY,
    at_ms INTEGER NOT NULL,
    person TEXT NOT NULL,
    role TEXT NOT NULL,
    action TEXT NOT NULL,
    target TEXT NOT NULL,
    status INTEGER NOT NULL
  );
  `,
  // The index of the warehouse's records: the latest document of each, the columns lists filter and sort
  // by, full-text search terms, a log of every version, webhook intake and the sync's checkpoint.
  `
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
  `,
  // Lists: late orders (open states, due before now), warehouse and discrepancy filters count their
  // matches in an index rather than reading every record, and receives sort by the quantity received
  // without sorting them all for each page.
  `
  CREATE INDEX records_kind_state_due ON records (org, kind, state, due_ms);
  CREATE INDEX records_kind_warehouse ON records (org, kind, warehouse, updated_ms);
  CREATE INDEX records_kind_received ON records (org, kind, received);
  CREATE INDEX records_discrepancy ON records (org, kind, updated_ms) WHERE short = 1 OR over = 1;
  `,
  // Work queues and trends: when an order finished shipping or a receive was finalized (finishedAt in
  // finished-time.ts, spelled here in SQL for the records already held). The index serves "shipped short
  // this week" by state and time, and on-time shipping from the index alone (due_ms rides along).
  `
  ALTER TABLE records ADD COLUMN finished_ms INTEGER;
  UPDATE records SET finished_ms = coalesce((
    SELECT CAST(round(max(coalesce(
      unixepoch(json_extract(shipment.value, '$.actualShipDate'), 'subsec'),
      (SELECT max(unixepoch(json_extract(milestone.value, '$.actualDate'), 'subsec'))
        FROM json_each(shipment.value, '$.milestones') AS milestone
        WHERE json_extract(milestone.value, '$.code') = 'FIN'),
      unixepoch(json_extract(shipment.value, '$.dateLastUpdated'), 'subsec')
    )) * 1000) AS INTEGER)
    FROM json_each(records.doc, '$.shipments') AS shipment
    WHERE json_extract(shipment.value, '$.status') = 'FIN'
  ), CAST(round(unixepoch(json_extract(doc, '$.dateLastUpdated'), 'subsec') * 1000) AS INTEGER))
  WHERE (kind = 'order' AND state IN ('shipped', 'shipped_short', 'shipped_over'))
    OR (kind IN ('receive', 'return') AND status = 'FIN');
  CREATE INDEX records_kind_state_finished ON records (org, kind, state, finished_ms, due_ms);
  `,
  // A record's activity: who made a console change (null for the warehouse's own), and what a person reads
  // of it beyond the member names (tracking numbers added, shipments added, the reason of a hold).
  `
  ALTER TABLE record_changes ADD COLUMN person TEXT;
  ALTER TABLE record_changes ADD COLUMN details TEXT;
  `,
  // Every version changes updated_ms, so every index that holds it is rewritten by every webhook: a random
  // page each (the intake thread's time per delivery fell by a tenth without these two). Status and
  // warehouse change seldom; their indexes now count matches and find the few, and a list of many matches
  // walks records_kind_updated (listQueries chooses by the count).
  `
  DROP INDEX records_kind_status;
  CREATE INDEX records_kind_status ON records (org, kind, status);
  DROP INDEX records_kind_warehouse;
  CREATE INDEX records_kind_warehouse ON records (org, kind, warehouse);
  `,
  // Records whose search terms are still to be written (record-writes.ts writes them in batches; fresh:
  // the record has no terms yet, so none to delete).
  `
  CREATE TABLE record_terms_due (record_id INTEGER PRIMARY KEY, fresh INTEGER NOT NULL);
  `,
  // FTS5 merges its segments inside a commit, in bursts of 64 pages per level of segments, every few
  // hundred webhook deliveries (its cost: docs/performance.md). Merging once 8 segments share a level rather
  // than 4 merges less often, at the cost of a few more segments for a search to read.
  `
  INSERT INTO record_terms (record_terms, rank) VALUES ('automerge', 8);
  `,
  // Exact emails and phone numbers in a B-tree (exactKeysOf in search-terms.ts: an email's first token, its
  // compact form, and every token of a phone), written with the record: the full-text index found an email
  // through words that most records share. Filled here from the search values already stored, sorted so
  // that the B-tree is written in order, and indexed by record once filled.
  `
  CREATE TABLE record_exact_values (
    value TEXT NOT NULL,
    record_id INTEGER NOT NULL,
    PRIMARY KEY (value, record_id)
  ) WITHOUT ROWID;
  INSERT OR IGNORE INTO record_exact_values (value, record_id)
  SELECT token.value, records.id
  FROM records, json_each(records.search_values) AS entry, json_each(entry.value, '$[3]') AS token
  WHERE (entry.value ->> 0 GLOB '*emailAddress' AND token.key = 0)
    OR entry.value ->> 0 GLOB '*phoneNumber' OR entry.value ->> 0 GLOB '*mobileNumber'
  ORDER BY 1, 2;
  CREATE INDEX record_exact_values_record ON record_exact_values (record_id);
  `,
  // The returns of an order by an exact key (originalOrderKey in search-terms.ts), written with the record:
  // finding them read every return's search values and parsed the few that named the order. Filled here
  // from the search values of the records already held.
  `
  INSERT OR IGNORE INTO record_exact_values (value, record_id)
  SELECT 'originalOrder:' || lower(entry.value ->> 1), records.id
  FROM records, json_each(records.search_values) AS entry
  WHERE entry.value ->> 0 = 'additionalReferences.originalOrder'
  ORDER BY 1, 2;
  `,
  // Of each return, the units it has to refund that no earlier return of its order received: what "ready
  // to refund" counts (return-refunds.ts works it out; derivation-upgrade.ts fills it for those held).
  `
  ALTER TABLE records ADD COLUMN refundable REAL;
  `,
  // Lists and search say more of a record without reading its document: a receive's units short and over,
  // when a record was created (an order's date), and a glance (its first lines, an order's tracking
  // numbers: RecordGlance in indexed-document.ts). derivation-upgrade.ts fills them for the records held.
  `
  ALTER TABLE records ADD COLUMN units_short REAL NOT NULL DEFAULT 0;
  ALTER TABLE records ADD COLUMN units_over REAL NOT NULL DEFAULT 0;
  ALTER TABLE records ADD COLUMN created_ms INTEGER;
  ALTER TABLE records ADD COLUMN glance TEXT NOT NULL DEFAULT '{"items":[],"lines":0,"trackingNumbers":[],"tracked":0}';
  `,
  // The records that hold a lot or serial number, by an exact key (partKey in search-terms.ts), for a
  // trace: written with the record, filled here from the search values of the records held.
  `
  INSERT OR IGNORE INTO record_exact_values (value, record_id)
  SELECT 'part:' || lower(entry.value ->> 1), records.id
  FROM records, json_each(records.search_values) AS entry
  WHERE entry.value ->> 0 GLOB 'partAttributes.*'
  ORDER BY 1, 2;
  `,
  // The words of names, organizations and emails, for reading a typo as the word it was meant to be
  // (close-spellings.ts): written with the record, filled here from the search values of the records held.
  `
  CREATE TABLE search_words (word TEXT PRIMARY KEY) WITHOUT ROWID;
  INSERT OR IGNORE INTO search_words (word)
  SELECT DISTINCT token.value
  FROM records, json_each(records.search_values) AS entry, json_each(entry.value, '$[3]') AS token
  WHERE (entry.value ->> 2 = 'people' OR entry.value ->> 0 GLOB '*emailAddress')
    AND length(token.value) BETWEEN 3 AND 64
  ORDER BY 1;
  `,
  // Each lot and serial number a record's sublines hold, with what a trace shows of it (record-parts.ts):
  // a trace reads these rows, never a document. Written with each version; derivation-upgrade.ts fills them
  // for the records held.
  `
  CREATE TABLE record_parts (
    part_key TEXT NOT NULL,
    record_id INTEGER NOT NULL,
    entries TEXT NOT NULL,
    PRIMARY KEY (part_key, record_id)
  ) WITHOUT ROWID;
  CREATE INDEX record_parts_record ON record_parts (record_id);
  `,
  // What a unit of a receive's line cost from the supplier, entered on the receive for its claim packet
  // (unit-costs.ts): the console's own, beside the index, kept whatever versions of the receive come.
  `
  CREATE TABLE receive_unit_costs (
    org TEXT NOT NULL,
    reference TEXT NOT NULL,
    line TEXT NOT NULL,
    product_code TEXT NOT NULL,
    unit_cost REAL NOT NULL,
    currency TEXT NOT NULL,
    entered_by TEXT NOT NULL,
    entered_ms INTEGER NOT NULL,
    PRIMARY KEY (org, reference, line, product_code)
  ) WITHOUT ROWID;
  `,
];
