-- Which console leads the sync, written by the holder of its advisory lock for the status page; the
-- backend's pid tells whether the holder's connection still lives (postgres-sync-leader.ts).
  CREATE TABLE sync_leader (
    name text PRIMARY KEY,
    instance_id text NOT NULL,
    since_ms bigint NOT NULL,
    backend_pid integer NOT NULL
  );
