import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';

export type ConsoleDatabase = Database.Database;

/**
 * The console's own schema, one entry per version; `PRAGMA user_version` records how many have run.
 * Append only: a database in the field has run the earlier ones already.
 */
const migrations: string[] = [
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
];

/**
 * Opens the console's database (`CONSOLE_DB`; `:memory:` in tests), never the sandbox's, and brings its
 * schema up to date. WAL with normal locking: `npm run users` writes accounts while the server runs.
 */
export function openConsoleDatabase(file: string): ConsoleDatabase {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file, { timeout: 5000 });
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  const applied = db.pragma('user_version', { simple: true }) as number;
  if (applied > migrations.length) {
    db.close();
    throw new Error(
      `The console database ${file} was written by a newer version of the console (schema ${applied}, this one knows ${migrations.length})`,
    );
  }
  db.transaction(() => {
    for (let version = applied; version < migrations.length; version++) {
      db.exec(migrations[version] as string);
    }
    db.pragma(`user_version = ${migrations.length}`);
  })();
  return db;
}
