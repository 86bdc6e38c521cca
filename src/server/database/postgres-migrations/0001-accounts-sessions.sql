-- Accounts and sessions. Names are unique whatever their case, as SQLite's NOCASE makes them there.
  CREATE TABLE users (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name text NOT NULL,
    role text NOT NULL,
    password_hash text,
    created_ms bigint NOT NULL
  );
  CREATE UNIQUE INDEX users_name ON users (lower(name));
  CREATE TABLE sessions (
    token_hash text PRIMARY KEY,
    user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_ms bigint NOT NULL,
    expires_ms bigint NOT NULL
  );
  CREATE INDEX sessions_expiry ON sessions (expires_ms);
  CREATE INDEX sessions_user ON sessions (user_id);
