import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './store';

const directories: string[] = [];
afterEach(() => {
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

describe('openDatabase', () => {
  it('opens a file in WAL mode, creating its folder, and holds it for its one connection', () => {
    const directory = mkdtempSync(join(tmpdir(), 'sandbox-store-'));
    directories.push(directory);
    const file = join(directory, 'deeper', 'sandbox.db');
    const db = openDatabase(file);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('locking_mode', { simple: true })).toBe('exclusive');
    expect(() => openDatabase(file)).toThrow(/in use by another process; set SANDBOX_DB/);
    db.close();
    const reopened = openDatabase(file);
    expect(reopened.prepare('SELECT count(*) FROM orders').pluck().get()).toBe(0);
    reopened.close();
  });
});
