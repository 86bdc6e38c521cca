// `npm run backup -- FILE`: a consistent copy of the console's database (CONSOLE_DB) while it runs.
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { loadDotEnv, readServerConfig } from '../config/config';

const usage = 'Usage: npm run backup -- FILE   (a new file: an existing one is never overwritten)';

/**
 * Copies the database page by page with SQLite's online backup, which reads a consistent snapshot while the
 * console goes on writing (WAL); a plain file copy taken meanwhile may miss what the WAL holds.
 */
export async function backUpConsoleDatabase(source: string, target: string): Promise<number> {
  if (existsSync(target)) throw new Error(`${target} exists already: name a new file`);
  if (!existsSync(source)) throw new Error(`There is no console database at ${source} (CONSOLE_DB)`);
  const db = new Database(source, { readonly: true, fileMustExist: true });
  try {
    const { totalPages } = await db.backup(target);
    return totalPages;
  } finally {
    db.close();
  }
}

async function main(args: string[]): Promise<number> {
  const [target, ...extra] = args;
  if (!target || extra.length > 0 || target.startsWith('-')) {
    console.error(usage);
    return 2;
  }
  loadDotEnv(process.env.ENV_FILE ?? '.env');
  const source = readServerConfig().consoleDb;
  if (source === ':memory:') {
    console.error('CONSOLE_DB is :memory:, which nothing outside the console can read.');
    return 1;
  }
  try {
    const pages = await backUpConsoleDatabase(source, target);
    console.log(`Copied ${source} to ${target} (${pages} pages).`);
    return 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
