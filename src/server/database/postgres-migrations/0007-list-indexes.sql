-- The index's lists (postgres-list-queries.ts). References and states sort in byte order, as SQLite
-- sorts them, whatever the database's locale. Each sort's keyset ends in the id, so a page at any depth
-- is a seek in one of these indexes; a filter by state, status or warehouse reads its own in time order,
-- late orders and overdue receives are found by state and due date, and short or over receives in a
-- partial index.
  ALTER TABLE records ALTER COLUMN reference TYPE text COLLATE "C", ALTER COLUMN state TYPE text COLLATE "C";
  CREATE INDEX records_list_updated ON records (org, kind, updated_ms, id);
  CREATE INDEX records_list_due ON records (org, kind, due_ms, id);
  CREATE INDEX records_list_reference ON records (org, kind, reference, id);
  CREATE INDEX records_list_state ON records (org, kind, state, updated_ms, id);
  CREATE INDEX records_list_received ON records (org, kind, received, id);
  CREATE INDEX records_list_status ON records (org, kind, status, updated_ms, id);
  CREATE INDEX records_list_warehouse ON records (org, kind, warehouse, updated_ms, id);
  CREATE INDEX records_list_state_due ON records (org, kind, state, due_ms, id);
  CREATE INDEX records_list_state_finished ON records (org, kind, state, finished_ms, id);
  CREATE INDEX records_list_discrepancy ON records (org, kind, updated_ms, id) WHERE short = 1 OR over = 1;
