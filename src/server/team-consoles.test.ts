import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { budgets } from '#testing/test-budgets';
import { enteredOrder } from '../sandbox/testing/test-documents';
import { createServerApp } from './app';
import { readServerConfig } from './config/config';
import { openTeamStores } from './console-stores';
import { openPostgresDatabase } from './database/postgres-schema';
import { postgresSharedStores } from './database/shared-stores';
import { startConsole } from './start-console';
import { openConsoleDatabase } from './store/sqlite/console-db';
import { testUpstream } from './testing/test-console-app';
import { createTestPostgresSchema, type TestPostgresSchema } from './testing/test-postgres-schema';

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

const webhookToken = 'team-hook-token-2b9c';

/** One console of the team with everything in PostgreSQL at `url`, as CONSOLE_DATABASE_URL makes it. */
async function teamConsoleOnIndex(url: string, instanceId: string) {
  const stores = await openTeamStores(url, { organization: '', instanceId });
  cleanUps.push(stores.close);
  const app = createServerApp({
    config: readServerConfig({}),
    upstream: testUpstream('http://127.0.0.1:9'),
    mode: 'upstream',
    distDir: null,
    records: stores.records,
    intake: await stores.startIntake(),
    shared: stores.shared,
    webhookToken,
    log: () => {},
  });
  const headers = { host: '127.0.0.1', origin, 'content-type': 'application/json' };
  return {
    stores,
    get: (path: string) => app.request(path, { headers }),
    deliver: (document: unknown) =>
      app.request('/api/webhooks/warehouse', {
        method: 'POST',
        headers: { ...headers, 'x-webhook-token': webhookToken },
        body: JSON.stringify(document),
      }),
  };
}

/** Reads an open event stream until its text holds `expected`, or fails after `withinMs`. */
async function hearInStream(response: Response, expected: string, withinMs: number): Promise<string> {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  cleanUps.push(() => reader.cancel());
  const decoder = new TextDecoder();
  const deadline = Date.now() + withinMs;
  let text = '';
  while (!text.includes(expected)) {
    const read = await Promise.race([
      reader.read(),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), Math.max(0, deadline - Date.now()))),
    ]);
    if (read === null || read.done) throw new Error(`not heard within ${withinMs} ms: ${expected}`);
    text += decoder.decode(read.value, { stream: true });
  }
  return text;
}

const sessionCookie = (response: Response) => response.headers.get('set-cookie')?.split(';')[0] ?? '';

function users(args: string[], env: Record<string, string>, input = '') {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/access/users-cli.ts', ...args], {
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

    expect((await second.request('GET', '/api/audit-log')).status).toBe(401);
    const signedIn = await first.request('POST', '/api/session', { body: { name: 'ana', password } });
    expect(signedIn.status).toBe(200);
    const cookie = sessionCookie(signedIn);
    expect((await second.request('GET', '/api/audit-log', { cookie })).status).toBe(200);

    expect((await second.request('DELETE', '/api/session', { cookie })).status).toBe(200);
    expect((await first.request('GET', '/api/audit-log', { cookie })).status).toBe(401);
    // One audit log: what the second console saw, the first lists.
    const actions = (await first.shared.auditLog.list({ limit: 10 })).entries.map((entry) => entry.action);
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

  it('take their accounts from npm run users run with the same setting, and no console database file', {
    timeout: budgets.childProcesses,
  }, async () => {
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
    expect((await team.shared.auditLog.list({ limit: 10 })).entries[0]).toMatchObject({
      action: 'Added account (support)',
      target: 'bo',
    });
  });

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

  it('share one index: a webhook taken by either is found on both, heard live on the other, and both end alike', async () => {
    const { url } = await sharedDatabase();
    const first = await teamConsoleOnIndex(url, 'web-1');
    const second = await teamConsoleOnIndex(url, 'web-2');
    const customer = (reference: string, minute: number, status = 'NEW') =>
      enteredOrder({
        id: reference,
        primaryReference: reference,
        status,
        dateLastUpdated: `2026-11-27T09:${String(minute).padStart(2, '0')}:00Z`,
        shipToAddress: {
          address: { addressLine1: '1 Main St' },
          contact: { personName: 'Owen Murphy', emailAddress: 'owen@example.com' },
        },
      });
    // Before any change: the stream of the second console starts at the log's end.
    const stream = await second.get('/api/events');
    expect(stream.status).toBe(200);

    expect((await first.deliver(customer('SO-1', 1))).status).toBe(200);
    await hearInStream(stream, '"reference":"SO-1"', 3_000);
    expect((await second.deliver(customer('SO-2', 2))).status).toBe(200);
    // An older version of SO-1 delivered late to the second console changes nothing.
    expect(await (await second.deliver(customer('SO-1', 0, 'HOLD'))).json()).toMatchObject({
      data: { outcome: 'stale' },
    });

    for (const team of [first, second]) {
      const found = await (await team.get('/api/search?q=owen%40example.com')).json();
      expect(
        found.data.matches.map((match: { primaryReference: string }) => match.primaryReference).sort(),
      ).toEqual(['SO-1', 'SO-2']);
      const held = await (await team.get('/api/index/records/order/SO-1')).json();
      expect(held.data).toMatchObject({ reference: 'SO-1', document: { status: 'NEW' } });
    }
    // One intake log for the team, each console counting its own deliveries on rows of its own.
    expect(await first.stores.records.intakeSummary()).toMatchObject({ received: 3, stored: 2, stale: 1 });
    const counted = await openPostgresDatabase(url);
    cleanUps.push(() => counted.end());
    const { rows } = await counted.query(
      'SELECT instance_id, outcome, count FROM intake_counts ORDER BY instance_id, outcome',
    );
    expect(rows).toEqual([
      { instance_id: 'web-1', outcome: 'stored', count: '1' },
      { instance_id: 'web-2', outcome: 'stale', count: '1' },
      { instance_id: 'web-2', outcome: 'stored', count: '1' },
    ]);
  });
});
