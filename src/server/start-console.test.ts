import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { budgets } from '#testing/test-budgets';
import { readSandboxConfig } from '../sandbox/config';
import { startSandbox } from '../sandbox/server';
import { orderBody } from '../sandbox/testing/request-bodies';
import { enteredOrder } from '../sandbox/testing/test-documents';
import { startTestReceiver } from '../sandbox/testing/test-receiver';
import { demoReferences } from '../sandbox/warehouse/demo-references';
import { readServerConfig } from './config/config';
import { isUnreadable, readWarehouseDocument } from './record-index/records/indexed-document';
import { createRecordStore } from './record-index/store/record-store';
import { embeddedSandboxDefaults, type RunningConsole, startConsole } from './start-console';
import { openConsoleDatabase } from './store/sqlite/console-db';

const key = 'KEY-must-never-leak-7f3a';
const product = { productCode: 'CONSOLE-1', productDescription: 'Console test product', productUnit: 'UNT' };

const running: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((item) => item.close()));
});

/** A change as the console's own page sends it. */
function change(console: RunningConsole, path: string, body?: unknown) {
  return fetch(`${console.url}${path}`, {
    method: 'POST',
    headers: { origin: console.url, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function createAndReadBack(console: RunningConsole) {
  const created = await change(console, '/api/warehouse/v1/products', product);
  const createdText = await created.text();
  expect(created.status, createdText).toBe(200);
  const { id } = JSON.parse(createdText).data;
  const read = await fetch(`${console.url}/api/warehouse/v1/products/actions/get-id/${product.productCode}`);
  const readText = await read.text();
  expect(read.status).toBe(200);
  expect(JSON.parse(readText).data).toEqual({ id, pickMode: 'ASP' });
  return [createdText, readText];
}

describe('startConsole', () => {
  it('without WAREHOUSE_BASE_URL starts the embedded sandbox and forwards to it over HTTP', async () => {
    const console = await startConsole({
      config: readServerConfig({ PORT: '0', CONSOLE_DB: ':memory:' }),
      distDir: null,
      log: () => {},
      sandboxSettings: { dbFile: ':memory:', seed: 'none', autopilot: false },
    });
    running.push(console);
    expect(console.mode).toBe('sandbox');
    expect(console.upstreamUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    await createAndReadBack(console);

    const config = await (await fetch(`${console.url}/api/config`)).json();
    expect(config.data).toMatchObject({ mode: 'sandbox', upstreamHost: null, organization: null });
    // The operator actions are forwarded in sandbox mode: the answer is the sandbox's, not this server's
    // refusal.
    const action = await change(console, '/api/sandbox/v1/orders/no-such-order/pick');
    expect(action.status).not.toBe(502);
    const [problem] = (await action.json()).errors;
    expect(problem.title).not.toMatch(/^No such (API route|operation)$/);
  });

  it('in sandbox mode with WAREHOUSE_ORGANIZATION acts for that organization with the multi-organization key', async () => {
    const console = await startConsole({
      config: readServerConfig({
        PORT: '0',
        CONSOLE_DB: ':memory:',
        WAREHOUSE_ORGANIZATION: 'acme',
        WAREHOUSE_API_KEY: key,
      }),
      distDir: null,
      log: () => {},
      sandboxSettings: { dbFile: ':memory:', seed: 'none', autopilot: false },
    });
    running.push(console);
    await createAndReadBack(console);
    const sandboxUrl = console.upstreamUrl.replace(/\/$/, '');
    const asAcme = await fetch(`${sandboxUrl}/warehouse/v1/products?productcode=${product.productCode}`, {
      headers: { 'x-api-key': key, 'organization-slug': 'acme' },
    });
    expect((await asAcme.json()).data.products).toHaveLength(1);
  });

  it('in sandbox mode with WAREHOUSE_ORGANIZATION seeds the demo week into that organization', {
    timeout: budgets.demoConsole,
  }, async () => {
    const console = await startConsole({
      config: readServerConfig({
        PORT: '0',
        CONSOLE_DB: ':memory:',
        WAREHOUSE_ORGANIZATION: 'acme',
        WAREHOUSE_API_KEY: key,
      }),
      distDir: null,
      log: () => {},
      sandboxSettings: { dbFile: ':memory:', seed: 'demo', autopilot: false },
    });
    running.push(console);
    const found = await fetch(
      `${console.url}/api/warehouse/v1/orders?PrimaryReference=${demoReferences.orders.entered}`,
    );
    expect((await found.json()).data.orders).toHaveLength(1);
  });

  it('with WAREHOUSE_BASE_URL forwards to that service with the key and organization, never showing the key', async () => {
    const sandbox = await startSandbox({
      port: 0,
      dbFile: ':memory:',
      seed: 'none',
      autopilot: false,
      multiOrgApiKey: key,
      organizations: ['north', 'south'],
    });
    running.push(sandbox);
    const logLines: string[] = [];
    const console = await startConsole({
      config: readServerConfig({
        PORT: '0',
        CONSOLE_DB: ':memory:',
        WAREHOUSE_BASE_URL: sandbox.url,
        WAREHOUSE_API_KEY: key,
        WAREHOUSE_ORGANIZATION: 'south',
      }),
      distDir: null,
      log: (line) => logLines.push(line),
    });
    running.push(console);
    expect(console.mode).toBe('upstream');

    const bodies = await createAndReadBack(console);
    const config = await (await fetch(`${console.url}/api/config`)).text();
    expect(JSON.parse(config).data).toMatchObject({
      mode: 'upstream',
      upstreamHost: new URL(sandbox.url).host,
      organization: 'south',
    });
    // The product exists under "south" only: the organization header really reached the sandbox.
    const north = await fetch(`${sandbox.url}/warehouse/v1/products?productcode=${product.productCode}`, {
      headers: { 'x-api-key': key, 'organization-slug': 'north' },
    });
    expect((await north.json()).data.products).toEqual([]);
    // In upstream mode the sandbox's operator actions are not exposed.
    expect((await change(console, '/api/sandbox/v1/orders/x/pick')).status).toBe(404);

    for (const text of [...bodies, config, ...logLines]) expect(text).not.toContain(key);
    expect(logLines.length).toBeGreaterThanOrEqual(3);
  });
});

describe('startConsole and the embedded sandbox webhooks', () => {
  const sandboxSettings = { dbFile: ':memory:', seed: 'none', autopilot: false } as const;

  async function createOrder(console: RunningConsole) {
    expect((await change(console, '/api/warehouse/v1/products', product)).status).toBe(200);
    const created = await change(
      console,
      '/api/warehouse/v1/orders',
      orderBody('SO-HOOK', product.productCode),
    );
    expect(created.status).toBe(200);
  }

  it('points the embedded sandbox at its own /api/webhooks/warehouse once it listens', async () => {
    const logLines: string[] = [];
    const console = await startConsole({
      config: readServerConfig({ PORT: '0', CONSOLE_DB: ':memory:', WEBHOOK_TOKEN: 'token-1' }),
      distDir: null,
      log: (line) => logLines.push(line),
      sandboxSettings,
    });
    running.push(console);
    await createOrder(console);
    await expect
      .poll(() => logLines.some((line) => line.startsWith('POST /api/webhooks/warehouse ')))
      .toBe(true);
    const listed = await (await fetch(`${console.url}/api/sandbox/v1/webhooks/deliveries`)).json();
    expect(listed.data.deliveries).toMatchObject([{ kind: 'order', primaryReference: 'SO-HOOK' }]);
    expect(logLines.join('\n')).not.toContain('token-1');
  });

  it('leaves the webhooks where SANDBOX_WEBHOOK_URL sends them', async () => {
    const receiver = await startTestReceiver();
    running.push(receiver);
    const logLines: string[] = [];
    const console = await startConsole({
      config: readServerConfig({ PORT: '0', CONSOLE_DB: ':memory:' }),
      distDir: null,
      log: (line) => logLines.push(line),
      sandboxSettings: { ...sandboxSettings, webhookUrl: new URL(`${receiver.url}/elsewhere`) },
    });
    running.push(console);
    await createOrder(console);
    const [delivery] = await receiver.waitFor(1);
    expect(delivery?.body.primaryReference).toBe('SO-HOOK');
    expect(logLines.some((line) => line.includes('/api/webhooks/'))).toBe(false);
  });

  it('starts the embedded sandbox on the port it is given', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as { port: number };
        probe.close(() => resolve(free));
      });
    });
    const console = await startConsole({
      config: readServerConfig({ PORT: '0', CONSOLE_DB: ':memory:' }),
      distDir: null,
      log: () => {},
      sandboxSettings: { ...sandboxSettings, port },
    });
    running.push(console);
    expect(console.upstreamUrl).toBe(`http://127.0.0.1:${port}/`);
  });
});

describe('a console database written under older rules of the index', () => {
  /** A database file of 3,000 orders written before the index kept when each was created. */
  async function oldIndexFile() {
    const directory = await mkdtemp(join(tmpdir(), 'console-upgrade-'));
    running.push({ close: () => rm(directory, { recursive: true, force: true }) });
    const file = join(directory, 'console.db');
    const db = openConsoleDatabase(file);
    await createRecordStore(db, { organization: '' }).applyAll(
      Array.from({ length: 3000 }, (_, index) => {
        const read = readWarehouseDocument(enteredOrder({ primaryReference: `SO-OLD-${index}` }));
        if (isUnreadable(read)) throw new Error(read.reason);
        return read;
      }),
      'sync',
    );
    db.prepare('UPDATE records SET created_ms = NULL').run();
    db.prepare("INSERT OR REPLACE INTO sync_state (name, value) VALUES ('index.derivation', '2')").run();
    db.close();
    return file;
  }
  const stillOld = (file: string) => {
    const db = openConsoleDatabase(file);
    try {
      return db
        .prepare("SELECT count(*) FROM records WHERE reference GLOB 'SO-OLD-*' AND created_ms IS NULL")
        .pluck()
        .get();
    } finally {
      db.close();
    }
  };

  it('is derived again after the console listens, while it answers', {
    timeout: budgets.demoConsole,
  }, async () => {
    const file = await oldIndexFile();
    const lines: string[] = [];
    const console = await startConsole({
      config: readServerConfig({ PORT: '0', CONSOLE_DB: file }),
      distDir: null,
      sandboxSettings: { dbFile: ':memory:', seed: 'none', autopilot: false },
      log: (line) => lines.push(line),
    });
    running.push(console);
    expect(stillOld(file)).toBeGreaterThan(0);
    expect((await fetch(`${console.url}/healthz`)).status).toBe(200);
    await expect.poll(() => stillOld(file), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => lines.join('\n')).toMatch(/Index: 3000 records derived again/);
  });

  it('closed half way, the console leaves the rest for its next start', {
    timeout: budgets.demoConsole,
  }, async () => {
    const file = await oldIndexFile();
    const console = await startConsole({
      config: readServerConfig({ PORT: '0', CONSOLE_DB: file }),
      distDir: null,
      sandboxSettings: { dbFile: ':memory:', seed: 'none', autopilot: false },
      log: () => {},
    });
    await console.close();
    expect(stillOld(file)).toBeGreaterThan(0);
    const again = await startConsole({
      config: readServerConfig({ PORT: '0', CONSOLE_DB: file }),
      distDir: null,
      sandboxSettings: { dbFile: ':memory:', seed: 'none', autopilot: false },
      log: () => {},
    });
    running.push(again);
    await expect.poll(() => stillOld(file), { timeout: 10_000 }).toBe(0);
  });
});

describe('embeddedSandboxDefaults', () => {
  // As startSandbox combines them: the sandbox's own settings, then the console's defaults over them.
  const autopilot = (env: NodeJS.ProcessEnv) =>
    ({ ...readSandboxConfig(env), ...embeddedSandboxDefaults(env) }).autopilot;

  it('turns the autopilot on when SANDBOX_AUTOPILOT is unset or blank, and respects it when set', () => {
    expect(autopilot({})).toBe(true);
    expect(autopilot({ SANDBOX_AUTOPILOT: ' ' })).toBe(true);
    expect(autopilot({ SANDBOX_AUTOPILOT: 'off' })).toBe(false);
    expect(autopilot({ SANDBOX_AUTOPILOT: 'on' })).toBe(true);
  });

  it('takes SANDBOX_PORT when it is set, and leaves the port to startConsole (a free one) otherwise', () => {
    expect(embeddedSandboxDefaults({ SANDBOX_PORT: '4555' }).port).toBe(4555);
    expect(embeddedSandboxDefaults({ SANDBOX_PORT: ' ' }).port).toBeUndefined();
    expect(embeddedSandboxDefaults({}).port).toBeUndefined();
    expect(() => embeddedSandboxDefaults({ SANDBOX_PORT: 'eighty' })).toThrow(/SANDBOX_PORT/);
  });
});
