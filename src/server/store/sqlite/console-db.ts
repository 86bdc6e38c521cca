import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { consoleDbMigrations } from './console-db-migrations';

export type ConsoleDatabase = Database.Database;

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
  if (applied > consoleDbMigrations.length) {
    db.close();
    throw new Error(
      `The console database ${file} was written by a newer version of the console (schema ${applied}, this one knows ${consoleDbMigrations.length})`,
    );
  }
  db.transaction(() => {
    for (let version = applied; version < consoleDbMigrations.length; version++) {
      db.exec(consoleDbMigrations[version] as string);
    }
    db.pragma(`user_version = ${consoleDbMigrations.length}`);
  })();
  return db;
}

/**
 * One thing /readyz checks: `problem` null when it is ready, else what is wrong in words anyone may read;
 * `detail` (the driver's error) is for the log only.
 */
export type ReadinessCheck = { name: string; problem: string | null; detail?: string };

/**
 * Whether the console's database answers a read (not closed, the file still readable) and holds the schema
 * this console writes (a console of a newer version may have migrated it since this one started).
 */
export function databaseReadiness(db: ConsoleDatabase): ReadinessCheck[] {
  let applied: number;
  try {
    db.prepare('SELECT count(*) FROM sqlite_schema').get();
    applied = db.pragma('user_version', { simple: true }) as number;
  } catch (error) {
    return [
      {
        name: 'database',
        problem: 'the console database does not answer',
        detail: error instanceof Error ? error.message : String(error),
      },
      { name: 'migrations', problem: 'unknown while the database does not answer' },
    ];
  }
  return [
    { name: 'database', problem: null },
    {
      name: 'migrations',
      problem:
        applied === consoleDbMigrations.length
          ? null
          : applied > consoleDbMigrations.length
            ? `the database has schema ${applied}, newer than this console knows (${consoleDbMigrations.length})`
            : `the database has schema ${applied}; this console needs ${consoleDbMigrations.length}`,
    },
  ];
}

/**
 * A PASSIVE checkpoint over `db`: whether it copied the whole WAL, so that the next write starts it over.
 * Not when another pass is under way, a reader is still on older frames, or a statement of this connection
 * is still being read: a later try will do.
 */
export function checkpointWal(db: ConsoleDatabase): boolean {
  try {
    const [pass] = db.pragma('wal_checkpoint(PASSIVE)') as {
      busy: number;
      log: number;
      checkpointed: number;
    }[];
    return pass !== undefined && pass.busy === 0 && pass.checkpointed === pass.log;
  } catch {
    return false;
  }
}

/**
 * Moves the WAL checkpoints of the server's connection off its thread. SQLite's automatic checkpoint
 * runs inside the commit that crosses 1,000 pages, a stall taken by whichever request commits then. Instead a worker thread copies the WAL into the database, a pass every
 * `passEveryMs`, while the writers go on. A pass copies what was committed before it began, and the WAL
 * only starts over once a pass has copied all of it; under a steady stream of commits that never happens.
 * So every `finishEveryMs`, after a short pass that left frames behind, this thread copies the rest
 * itself, between its own writes (a sync's pages); the webhook intake's thread does the same between its
 * commits (intake-thread.ts). A WAL past `maxWalBytes` is copied here whatever it costs (a stall
 * rather than a WAL without bound). Both are judged by the frames the last pass saw, not the file's size:
 * the file keeps its largest size after it starts over. Should the worker fail, SQLite's automatic
 * checkpoint is back.
 */
export function startWalCheckpoints(
  db: ConsoleDatabase,
  {
    // A pass copies each page the commits since the last one dirtied, once: passes every 250 ms rather than
    // 50 copy the pages a stream of deliveries keeps writing (the ends of indexes and logs) fewer times, a
    // tenth of a delivery's CPU (bench:index, 2026-12-08).
    passEveryMs = 250,
    finishEveryMs = 2_000,
    shortPassMs = 10,
    maxWalBytes = 256 * 1024 * 1024,
  }: { passEveryMs?: number; finishEveryMs?: number; shortPassMs?: number; maxWalBytes?: number } = {},
): { firstPass: Promise<void>; stop(): Promise<void> } {
  if (db.memory) return { firstPass: Promise.resolve(), stop: async () => {} };
  const maxWalFrames = maxWalBytes / (db.pragma('page_size', { simple: true }) as number);
  let passing = false;
  let finishedAtMs = Date.now();
  const checkpointHere = () => {
    checkpointWal(db);
    finishedAtMs = Date.now();
  };
  const worker = new Worker(new URL('./wal-checkpoint-thread.mjs', import.meta.url), {
    workerData: { file: db.name },
  });
  db.pragma('wal_autocheckpoint = 0');
  const timer = setInterval(() => {
    if (passing) return;
    passing = true;
    worker.postMessage('checkpoint');
  }, passEveryMs);
  timer.unref();
  worker.unref();
  let firstPassDone = () => {};
  const firstPass = new Promise<void>((resolve) => {
    firstPassDone = resolve;
  });
  worker.on('message', (pass: { passMs: number; log: number; checkpointed: number }) => {
    firstPassDone();
    passing = false;
    if (pass.checkpointed >= pass.log) finishedAtMs = Date.now();
    else if (pass.log > maxWalFrames) checkpointHere();
    else if (pass.passMs < shortPassMs && Date.now() - finishedAtMs >= finishEveryMs) checkpointHere();
  });
  const fallBack = () => {
    clearInterval(timer);
    if (db.open) db.pragma('wal_autocheckpoint = 1000');
  };
  worker.on('error', fallBack);
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    /** Settles once the worker has made its first pass (a worker thread takes a while to start). */
    firstPass,
    async stop() {
      worker.off('error', fallBack);
      clearInterval(timer);
      worker.postMessage('close');
      // Held until it has exited: an unreferenced worker alone would let the process end mid-stop.
      worker.ref();
      await exited;
      if (db.open) db.pragma('wal_autocheckpoint = 1000');
    },
  };
}
