import { readdirSync, readFileSync } from 'node:fs';

/**
 * The migrations of `folder` that are SQL, by version: `0007-list-indexes.sql` is version 7. A migration's
 * number is its place in its list, so a file is never renumbered, and one that is code instead (a data
 * upgrade) leaves its number out.
 */
export function sqlMigrations(folder: URL): Map<number, string> {
  const migrations = new Map<number, string>();
  for (const name of readdirSync(folder).sort()) {
    const match = /^(\d{4})-[a-z0-9-]+\.sql$/.exec(name);
    if (!match)
      throw new Error(`${name} in ${folder.pathname} is not named as a migration (0001-what-it-does.sql)`);
    const version = Number(match[1]);
    if (migrations.has(version)) throw new Error(`Two migrations numbered ${version} in ${folder.pathname}`);
    migrations.set(version, readFileSync(new URL(name, folder), 'utf8'));
  }
  return migrations;
}
