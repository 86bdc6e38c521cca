import { sqlMigrations } from '../sql-migrations';

const files = sqlMigrations(new URL('./migrations/', import.meta.url));

/**
 * The console's own schema, one file per version in `migrations/` (`0001-….sql` first), read at start;
 * `PRAGMA user_version` records how many have run. Append only: a database in the field has run the
 * earlier ones already, so a file is never edited, renumbered or removed.
 */
export const consoleDbMigrations: string[] = Array.from({ length: files.size }, (_, index) => {
  const sql = files.get(index + 1);
  if (sql === undefined) throw new Error(`The console database's migration ${index + 1} is missing`);
  return sql;
});
