-- The index of the warehouse's records (src/server/record-index/store/postgres/), with the columns of
-- SQLite's records table. `terms` holds a record's search terms, nothing stemmed or split (laid out as
-- postgres-search-terms.ts says since the migration that works them out again). The change log's seq is taken at the end of its transaction, in commit
-- order (see postgres-change-log.ts). The indexes lists filter by come with the lists.
  CREATE TABLE records (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    org text NOT NULL,
    family text NOT NULL,
    reference text NOT NULL,
    reference_key text NOT NULL,
    kind text NOT NULL,
    upstream_id text NOT NULL,
    status text NOT NULL,
    state text NOT NULL,
    warehouse text NOT NULL,
    due_ms bigint,
    updated_ms bigint NOT NULL,
    finished_ms bigint,
    title text NOT NULL,
    short integer NOT NULL,
    over integer NOT NULL,
    announced double precision NOT NULL,
    received double precision NOT NULL,
    units_short double precision NOT NULL,
    units_over double precision NOT NULL,
    created_ms bigint,
    glance text NOT NULL,
    refundable double precision,
    source text NOT NULL,
    indexed_ms bigint NOT NULL,
    search_values text NOT NULL,
    doc text NOT NULL,
    terms tsvector NOT NULL,
    UNIQUE (org, family, reference)
  );
  CREATE INDEX records_reference_key ON records (org, reference_key);
  CREATE INDEX records_terms ON records USING gin (terms);
  CREATE TABLE record_exact_values (
    value text NOT NULL,
    record_id bigint NOT NULL REFERENCES records (id) ON DELETE CASCADE,
    PRIMARY KEY (value, record_id)
  );
  CREATE INDEX record_exact_values_record ON record_exact_values (record_id);
  CREATE TABLE record_changes (
    seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    record_id bigint NOT NULL,
    org text NOT NULL,
    kind text NOT NULL,
    reference text NOT NULL,
    at_ms bigint NOT NULL,
    source text NOT NULL,
    updated_ms bigint NOT NULL,
    status_before text,
    status text NOT NULL,
    state_before text,
    state text NOT NULL,
    changed text NOT NULL,
    person text,
    details text
  );
  CREATE INDEX record_changes_record ON record_changes (record_id, seq);
  CREATE INDEX record_changes_org ON record_changes (org, seq);
  CREATE TABLE webhook_intake (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    at_ms bigint NOT NULL,
    outcome text NOT NULL,
    kind text,
    reference text,
    reason text,
    bytes integer NOT NULL,
    excerpt text
  );
  CREATE TABLE intake_counts (outcome text PRIMARY KEY, count bigint NOT NULL);
  CREATE TABLE sync_state (name text PRIMARY KEY, value text NOT NULL);
