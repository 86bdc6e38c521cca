-- Every version changes updated_ms, so every index that holds it is rewritten by every webhook: a random
-- page each (the intake thread's time per delivery fell by a tenth without these two). Status and
-- warehouse change seldom; their indexes now count matches and find the few, and a list of many matches
-- walks records_kind_updated (listQueries chooses by the count).
  DROP INDEX records_kind_status;
  CREATE INDEX records_kind_status ON records (org, kind, status);
  DROP INDEX records_kind_warehouse;
  CREATE INDEX records_kind_warehouse ON records (org, kind, warehouse);
