import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createServerApp } from './app';
import { readServerConfig } from './config';
import { openConsoleDatabase } from './console-db';
import { startConsole } from './start-console';
import { postgresSharedStores } from './store/shared-stores';
import { createTestPostgresSchema, type TestPostgresSchema } from './store/test-postgres-schema';
import { testUpstream } from './testing/test-console-app';

const password = 'a long enough password';
const origin = 'http://127.0.0.1';

const cleanUps: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanUp of cleanUps.splice(0).reverse()) await cleanUp();
});

/** A PostgreSQL schema of this test's own, dropped after it. */
async function sharedDatabase(): Promise<TestPostgresSchema> {
  const schema = await createTestPostgresSchema();
  cleanUps.push(schema.drop);
  return schema;
}

/** One console of the team: its own SQLite index, the team's stores in PostgreSQL at `url`. */
async function teamConsole(url: string) {
  const shared = await postgresSharedStores(url);
  cleanUps.push(shared.close);
  const app = createServerApp({
    config: readServerConfig({}),
    upstream: testUpstream('http://127.0.0.1:9'),
    mode: 'upstream',
    distDir: null,
    consoleDb: openConsoleDatabase(':memory:'),
    shared,
    log: () => {},
  });
  const request = (
    method: string,
    path: string,
    { cookie, body }: { cookie?: string; body?: unknown } = {},
  ) =>
    app.request(path, {
      method,
      headers: {
        host: '127.0.0.1',
        origin,
        'content-type': 'application/json',
        ...(cookie ? { cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return { app, shared, request };
}

const sessionCookie = (response: Response) => response.headers.get('set-cookie')?.split(';')[0] ?? '';

function users(args: string[], env: Record<string, string>, input = '') {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/users-cli.ts', ...args], {
    input,
    env: { ...process.env, ENV_FILE: '', ...env },
    encoding: 'utf8',
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('consoles of a team on one PostgreSQL database (CONSOLE_DATABASE_URL)', () => {
  it('share sign-ins: a session opened on one is good on the other, and ended there it is ended on both', async () => {
    const { url } = await sharedDatabase();
    const first = await teamConsole(url);
    const second = await teamConsole(url);
    await first.shared.accounts.add('ana', 'admin', password);

    expect((await second.request('GET', '/api/activity')).status).toBe(401);
    const signedIn = await first.request('POST', '/api/session', { body: { name: 'ana', password } });
    expect(signedIn.status).toBe(200);
    const cookie = sessionCookie(signedIn);
    expect((await second.request('GET', '/api/activity', { cookie })).status).toBe(200);

    expect((await second.request('DELETE', '/api/session', { cookie })).status).toBe(200);
    expect((await first.request('GET', '/api/activity', { cookie })).status).toBe(401);
    // One activity log: what the second console saw, the first lists.
    const actions = (await first.shared.activity.list({ limit: 10 })).entries.map((entry) => entry.action);
    expect(actions).toEqual(['Signed out', 'Signed in']);
  });

  it('say on /readyz whether the shared database answers', async () => {
    const { url } = await sharedDatabase();
    const team = await teamConsole(url);
    const ready = await team.request('GET', '/readyz');
    expect(ready.status).toBe(200);
    expect((await ready.json()).checks).toMatchObject({ 'shared database': 'ok' });

    await team.shared.close();
    const notReady = await team.request('GET', '/readyz');
    expect(notReady.status).toBe(503);
    expect((await notReady.json()).checks).toMatchObject({
      'shared database': 'The shared database does not answer',
    });
  });

  it('take their accounts from npm run users run with the same setting, and no console database file', async () => {
    const { url } = await sharedDatabase();
    const directory = mkdtempSync(join(tmpdir(), 'team-users-'));
    cleanUps.push(async () => rmSync(directory, { recursive: true, force: true }));
    const env = { CONSOLE_DATABASE_URL: url, CONSOLE_DB: join(directory, 'console.db') };
    expect(users(['add', 'bo', '--role', 'support'], env, `${password}\n`)).toMatchObject({
      status: 0,
      output: 'Added bo (Support).\n',
    });
    expect(users(['list'], env).output).toBe('bo\tsupport\n');
    expect(existsSync(env.CONSOLE_DB)).toBe(false);

    const team = await teamConsole(url);
    expect(await team.shared.accounts.checkPassword('bo', password)).toMatchObject({ role: 'support' });
    expect((await team.shared.activity.list({ limit: 10 })).entries[0]).toMatchObject({
      action: 'Added account (support)',
      target: 'bo',
    });
  }, 30_000);

  it('refuse to start on a database they cannot reach, naming the setting and never its password', async () => {
    const unreachable = 'postgres://console:s3cret-word@127.0.0.1:9/console';
    const starting = startConsole({
      config: readServerConfig({ PORT: '0', CONSOLE_DB: ':memory:', CONSOLE_DATABASE_URL: unreachable }),
      distDir: null,
      log: () => {},
      sandboxSettings: { dbFile: ':memory:', seed: 'none', autopilot: false },
    });
    const error = await starting.then(
      () => {
        throw new Error('the console started');
      },
      (failure: Error) => failure,
    );
    expect(error.message).toMatch(
      /^The shared database \(CONSOLE_DATABASE_URL, 127\.0\.0\.1:9\/console\) cannot be used: /,
    );
    expect(error.message).not.toContain('s3cret-word');
  });
});
