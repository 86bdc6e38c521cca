-- Lists: late orders (open states, due before now), warehouse and discrepancy filters count their
-- matches in an index rather than reading every record, and receives sort by the quantity received
-- without sorting them all for each page.
  CREATE INDEX records_kind_state_due ON records (org, kind, state, due_ms);
  CREATE INDEX records_kind_warehouse ON records (org, kind, warehouse, updated_ms);
  CREATE INDEX records_kind_received ON records (org, kind, received);
  CREATE INDEX records_discrepancy ON records (org, kind, updated_ms) WHERE short = 1 OR over = 1;
