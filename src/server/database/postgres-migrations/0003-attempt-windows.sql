-- Sign-in and rate limits: one fixed window per kind of attempt and key, shared by every console.
  CREATE TABLE attempt_windows (
    scope text NOT NULL,
    key text NOT NULL,
    started_ms bigint NOT NULL,
    count integer NOT NULL,
    PRIMARY KEY (scope, key)
  );
  CREATE INDEX attempt_windows_start ON attempt_windows (scope, started_ms);
