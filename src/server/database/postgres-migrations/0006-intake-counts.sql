-- The intake's counts, one row per console and outcome (postgres-intake-log.ts): consoles taking webhooks
-- at once each add to their own row instead of queuing on one. Counts kept before stay, under ''.
  ALTER TABLE intake_counts ADD COLUMN instance_id text NOT NULL DEFAULT '';
  ALTER TABLE intake_counts ALTER COLUMN instance_id DROP DEFAULT;
  ALTER TABLE intake_counts DROP CONSTRAINT intake_counts_pkey;
  ALTER TABLE intake_counts ADD PRIMARY KEY (instance_id, outcome);
