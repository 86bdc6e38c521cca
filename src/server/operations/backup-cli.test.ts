import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { budgets } from '#testing/test-budgets';
import { enteredOrder } from '../../sandbox/testing/test-documents';
import { isUnreadable, readWarehouseDocument } from '../record-index/records/indexed-document';
import { createRecordStore } from '../record-index/store/record-store';
import { openConsoleDatabase } from '../store/sqlite/console-db';

const dir = mkdtempSync(join(tmpdir(), 'console-backup-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function backup(args: string[], consoleDb: string) {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'src/server/operations/backup-cli.ts', ...args],
    {
      env: { ...process.env, ENV_FILE: '', CONSOLE_DB: consoleDb },
      encoding: 'utf8',
    },
  );
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

it('copies the running console’s database, what only its WAL holds included, and never overwrites a file', {
  timeout: budgets.childProcesses,
}, async () => {
  const consoleDb = join(dir, 'console.db');
  const db = openConsoleDatabase(consoleDb);
  const document = readWarehouseDocument(enteredOrder({ primaryReference: 'SO-BACKED-UP' }));
  if (isUnreadable(document)) throw new Error(document.reason);
  await createRecordStore(db, { organization: '' }).apply(document, 'sync');

  // The console stays open: the order is in the WAL, not yet in the database file.
  const target = join(dir, 'copy.db');
  expect(backup([target], consoleDb)).toMatchObject({ status: 0, output: expect.stringContaining('Copied') });
  const copy = openConsoleDatabase(target);
  expect(await createRecordStore(copy, { organization: '' }).find('order', 'SO-BACKED-UP')).not.toBeNull();
  copy.close();

  writeFileSync(join(dir, 'taken.db'), 'mine');
  expect(backup([join(dir, 'taken.db')], consoleDb)).toMatchObject({
    status: 1,
    output: expect.stringContaining('exists already'),
  });
  expect(backup([], consoleDb)).toMatchObject({ status: 2, output: expect.stringContaining('Usage') });
  expect(backup([join(dir, 'other.db')], join(dir, 'missing.db'))).toMatchObject({
    status: 1,
    output: expect.stringContaining('There is no console database'),
  });
  db.close();
});
