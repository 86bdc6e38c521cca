import { readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openConsoleDatabase, startWalCheckpoints } from './console-db';

describe('startWalCheckpoints', () => {
  let directory: string;
  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'console-db-'));
  });
  afterEach(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('checkpoints from its worker so the WAL starts over, and gives SQLite its own back when stopped', async () => {
    const file = join(directory, 'console.db');
    const db = openConsoleDatabase(file);
    db.exec('CREATE TABLE filler (id INTEGER PRIMARY KEY, text TEXT NOT NULL)');
    // Any pass counts as short: on a loaded machine a worker pass can take longer than the default 10 ms,
    // and what this test pins is that the WAL starts over, not how short a pass must be.
    const checkpoints = startWalCheckpoints(db, { passEveryMs: 10, finishEveryMs: 20, shortPassMs: 1_000 });
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    const insert = db.prepare('INSERT INTO filler (text) VALUES (?)');
    const written = 40 * 50 * 4096;
    try {
      // On a loaded machine the worker thread can take longer to start than the writes below take.
      await checkpoints.firstPass;
      for (let round = 0; round < 40; round++) {
        for (let row = 0; row < 50; row++) insert.run('x'.repeat(4000));
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // Without checkpoints the WAL would hold every page written; with them it is reused from its start
      // (on a loaded machine the worker runs late, and the WAL grows further before it starts over).
      expect(statSync(`${file}-wal`).size).toBeLessThan(written * 0.75);
    } finally {
      await checkpoints.stop();
    }
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    expect(db.prepare('SELECT count(*) AS rows FROM filler').get()).toEqual({ rows: 2000 });
    db.close();
  });

  it('leaves a WAL its worker copied whole to the worker, however large its file once grew', async () => {
    const file = join(directory, 'console.db');
    const db = openConsoleDatabase(file);
    db.exec('CREATE TABLE filler (id INTEGER PRIMARY KEY, text TEXT NOT NULL)');
    const checkpoints = startWalCheckpoints(db, {
      passEveryMs: 5,
      finishEveryMs: 0,
      shortPassMs: 60_000,
      maxWalBytes: 64 * 4096,
    });
    const pragma = vi.spyOn(db, 'pragma');
    const insert = db.prepare('INSERT INTO filler (text) VALUES (?)');
    db.transaction(() => {
      for (let row = 0; row < 200; row++) insert.run('x'.repeat(4000));
    })();
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(64 * 4096);
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The file keeps its size after the WAL starts over; this thread must not take it for a full WAL.
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(64 * 4096);
    expect(pragma.mock.calls.filter(([statement]) => statement.startsWith('wal_checkpoint'))).toEqual([]);
    await checkpoints.stop();
    db.close();
  });

  it.runIf(process.platform === 'linux')(
    'copies at a lower priority than the threads that answer',
    async () => {
      const db = openConsoleDatabase(join(directory, 'console.db'));
      const niceOfThreads = () =>
        readdirSync('/proc/self/task').map((thread) =>
          // The 19th field of a thread's stat, counted after its name (which may hold spaces).
          Number(readFileSync(`/proc/self/task/${thread}/stat`, 'utf8').split(') ')[1]?.split(' ')[16]),
        );
      expect(niceOfThreads()).not.toContain(10);
      const checkpoints = startWalCheckpoints(db);
      await vi.waitFor(() => expect(niceOfThreads()).toContain(10), { timeout: 5_000, interval: 20 });
      expect(niceOfThreads()).toContain(0);
      await checkpoints.stop();
      db.close();
    },
  );

  it('does nothing for a database in memory', async () => {
    const db = openConsoleDatabase(':memory:');
    await startWalCheckpoints(db).stop();
    db.close();
  });
});

describe('openConsoleDatabase', () => {
  it('refuses a database whose schema is newer than this code, and leaves it as it was', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'console-db-'));
    const file = join(directory, 'console.db');
    const db = openConsoleDatabase(file);
    const known = db.pragma('user_version', { simple: true }) as number;
    db.pragma(`user_version = ${known + 1}`);
    db.close();
    expect(() => openConsoleDatabase(file)).toThrow(
      `was written by a newer version of the console (schema ${known + 1}, this one knows ${known})`,
    );
    const reopened = new Database(file);
    expect(reopened.pragma('user_version', { simple: true })).toBe(known + 1);
    reopened.close();
    await rm(directory, { recursive: true, force: true });
  });
});
