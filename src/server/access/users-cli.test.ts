import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { budgets } from '#testing/test-budgets';
import { openConsoleDatabase } from '../store/sqlite/console-db';
import { createSqliteAccountStore } from '../store/sqlite/sqlite-account-store';
import { createSqliteAuditLog } from '../store/sqlite/sqlite-audit-log';

const dir = mkdtempSync(join(tmpdir(), 'console-users-'));
const consoleDb = join(dir, 'console.db');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function users(args: string[], input = '') {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/access/users-cli.ts', ...args], {
    input,
    env: { ...process.env, ENV_FILE: '', CONSOLE_DB: consoleDb },
    encoding: 'utf8',
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

it('adds, lists, changes and removes accounts, reading the password from standard input', {
  timeout: budgets.childProcesses,
}, async () => {
  expect(users(['add', 'ana', '--role', 'support'], 'a long enough password\n')).toMatchObject({
    status: 0,
    output: 'Added ana (Support).\n',
  });
  expect(users(['role', 'ana', 'manager']).status).toBe(0);
  expect(users(['list']).output).toBe('ana\tmanager\n');

  const db = openConsoleDatabase(consoleDb);
  expect(await createSqliteAccountStore(db).checkPassword('ana', 'a long enough password')).toMatchObject({
    role: 'manager',
  });
  db.close();

  expect(users(['password', 'ana'], 'another long password\n').status).toBe(0);
  expect(users(['sign-out', 'ana']).status).toBe(0);
  expect(users(['remove', 'ana']).status).toBe(0);
  expect(users(['list']).output).toMatch(/No accounts/);

  const log = openConsoleDatabase(consoleDb);
  const { entries } = await createSqliteAuditLog(log).list({ limit: 10 });
  log.close();
  expect(
    entries.map(({ person, role, action, target, status }) => ({ person, role, action, target, status })),
  ).toEqual(
    [
      'Removed account',
      'Ended sessions',
      'Changed account (new password)',
      'Changed account (role manager)',
      'Added account (support)',
    ].map((action) => ({
      person: `${userInfo().username} (npm run users)`,
      role: 'admin',
      action,
      target: 'ana',
      status: 200,
    })),
  );
});

it('adds an account for single sign-on only with --sso, asking no password', {
  timeout: budgets.childProcesses,
}, async () => {
  expect(users(['add', '--sso', 'bo@example.com', '--role', 'manager'])).toMatchObject({
    status: 0,
    output: 'Added bo@example.com (Manager), signing in only through single sign-on.\n',
  });
  expect(users(['list']).output).toBe('bo@example.com\tmanager\tsingle sign-on only\n');
  const db = openConsoleDatabase(consoleDb);
  const accounts = createSqliteAccountStore(db);
  expect(await accounts.find('bo@example.com')).toMatchObject({ role: 'manager', hasPassword: false });
  expect(await accounts.checkPassword('bo@example.com', '')).toBeNull();
  db.close();
  expect(users(['remove', 'bo@example.com']).status).toBe(0);
});

it.each([
  [
    ['add', 'ana', '--role', 'boss'],
    'a long enough password\n',
    /Role: Choose a role: support, merchandiser/,
  ],
  [['add', 'ana', '--role', 'support'], 'short\n', /Password: Use at least 12 characters/],
  [['add', 'a b', '--role', 'support'], 'a long enough password\n', /Name: Use letters, digits/],
  [['role', 'nobody', 'admin'], '', /There is no account named nobody/],
  [['launch'], '', /Unknown command "launch"[\s\S]*Usage: npm run users/],
])('refuses %o with a message and exit status 1', (args, input, message) => {
  const { status, output } = users(args, input);
  expect(status).toBe(1);
  expect(output).toMatch(message);
});
