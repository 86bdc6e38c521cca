import { afterEach, describe, expect, it } from 'vitest';
import { createServerApp } from '../app';
import { readServerConfig } from '../config/config';
import { openConsoleDatabase } from '../store/sqlite/console-db';
import { createSqliteAccountStore } from '../store/sqlite/sqlite-account-store';
import { testUpstream } from '../testing/test-console-app';
import type { RequestLogEntry } from './console-log';
import { createConsoleMetrics } from './console-metrics';
import { listen, type RunningServer } from './listen';

const key = 'KEY-must-never-leak-7f3a';
const metricsToken = 'metrics-token-0123456789abcdef';
const webhookToken = 'webhook-token-1';

let servers: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

/**
 * A console over an upstream nobody answers at, with one account (so /api needs a session) and whatever
 * `env` sets; `from(peer)` asks as a client at that address would.
 */
async function operationsConsole(env: Record<string, string> = {}) {
  const consoleDb = openConsoleDatabase(':memory:');
  await createSqliteAccountStore(consoleDb).add('ana', 'admin', null);
  const logLines: string[] = [];
  const entries: RequestLogEntry[] = [];
  const app = createServerApp({
    config: readServerConfig(env),
    upstream: testUpstream('http://127.0.0.1:9', key, 500),
    mode: 'upstream',
    distDir: null,
    consoleDb,
    webhookToken,
    log: (line) => logLines.push(line),
    requestLog: (entry) => entries.push(entry),
  });
  const from = (peer: string | null, path: string, init: RequestInit = {}) =>
    app.request(path, init, peer === null ? undefined : { incoming: { socket: { remoteAddress: peer } } });
  return { app, consoleDb, logLines, entries, from };
}

describe('/healthz and /readyz', () => {
  it('answer without a session, with nothing of the warehouse, where /api asks for one', async () => {
    const { from } = await operationsConsole();
    expect((await from('203.0.113.7', '/api/config')).status).toBe(401);

    const health = await from('203.0.113.7', '/healthz');
    expect(health.status).toBe(200);
    expect(health.headers.get('cache-control')).toBe('no-store');
    expect(await health.json()).toEqual({ status: 'ok' });

    const ready = await from('203.0.113.7', '/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok' } });
  });

  it('answer only under the console’s own host names', async () => {
    const { from } = await operationsConsole({ CONSOLE_ALLOWED_HOSTS: 'console.internal' });
    for (const path of ['/healthz', '/readyz', '/metrics']) {
      const foreign = await from('127.0.0.1', path, { headers: { host: 'attacker.example' } });
      expect(foreign.status, path).toBe(403);
      expect(await foreign.text(), path).toContain('host_not_allowed');
    }
    const allowed = await from('10.0.0.9', '/healthz', { headers: { host: 'console.internal:8080' } });
    expect(allowed.status).toBe(200);
  });

  it('/readyz answers 503 naming the schema a newer console wrote, and says so in the log once', async () => {
    const { from, consoleDb, logLines } = await operationsConsole();
    const known = consoleDb.pragma('user_version', { simple: true }) as number;
    consoleDb.pragma(`user_version = ${known + 1}`);
    for (let ask = 0; ask < 3; ask++) {
      const answer = await from('10.0.0.9', '/readyz');
      expect(answer.status).toBe(503);
      expect(await answer.json()).toEqual({
        status: 'not ready',
        checks: {
          database: 'ok',
          migrations: `the database has schema ${known + 1}, newer than this console knows (${known})`,
        },
      });
    }
    expect(logLines.filter((line) => line.startsWith('not ready: migrations'))).toHaveLength(1);

    consoleDb.pragma(`user_version = ${known}`);
    expect((await from('10.0.0.9', '/readyz')).status).toBe(200);
    expect(logLines.at(-1)).toBe('ready again');
  });

  it('/readyz answers 503 naming the database once it no longer answers; /healthz still answers', async () => {
    const { from, consoleDb, logLines } = await operationsConsole();
    consoleDb.close();
    const answer = await from('10.0.0.9', '/readyz');
    expect(answer.status).toBe(503);
    const body = await answer.json();
    expect(body.status).toBe('not ready');
    expect(body.checks.database).toBe('the console database does not answer');
    // The driver's words go to the log, not to whoever asks.
    expect(logLines.at(-1)).toMatch(/^not ready: database: the console database does not answer \(.+\)/);
    expect((await from('10.0.0.9', '/healthz')).status).toBe(200);
  });
});

describe('/metrics', () => {
  it('is served to this machine without a token, over a real loopback connection', async () => {
    const { app } = await operationsConsole();
    const server = await listen(app.fetch, { port: 0, host: '127.0.0.1', log: () => {} });
    servers.push(server);
    const answer = await fetch(`${server.url}/metrics`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(await answer.text()).toContain('# TYPE console_http_requests_total counter');
  });

  it('is not served off this machine without METRICS_TOKEN: 404, nothing of the metrics', async () => {
    const { from } = await operationsConsole();
    for (const init of [{}, { headers: { authorization: `Bearer ${metricsToken}` } }]) {
      const answer = await from('203.0.113.7', '/metrics', init);
      expect(answer.status).toBe(404);
      expect(await answer.text()).not.toContain('console_');
    }
    // A proxy on this machine passes on others' requests: its loopback address is not theirs.
    const proxied = await from('127.0.0.1', '/metrics', { headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(proxied.status).toBe(404);
    // In-process, with no socket: nobody's.
    expect((await from(null, '/metrics')).status).toBe(404);
  });

  it('takes METRICS_TOKEN as a bearer token off this machine; 401 without it or with another', async () => {
    const { from } = await operationsConsole({ METRICS_TOKEN: metricsToken });
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', `Basic ${metricsToken}`]) {
      const answer = await from('203.0.113.7', '/metrics', {
        headers: authorization ? { authorization } : {},
      });
      expect(answer.status, authorization).toBe(401);
      expect(answer.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(await answer.text()).not.toContain('console_');
    }
    const viaProxy = await from('127.0.0.1', '/metrics', { headers: { forwarded: 'for=203.0.113.7' } });
    expect(viaProxy.status).toBe(401);

    const granted = await from('203.0.113.7', '/metrics', {
      headers: { authorization: `Bearer ${metricsToken}` },
    });
    expect(granted.status).toBe(200);
    expect(await granted.text()).toContain('console_http_requests_total');
    // This machine needs none; a wrong one is still wrong.
    expect((await from('::ffff:127.0.0.1', '/metrics')).status).toBe(200);
    expect(
      (await from('::1', '/metrics', { headers: { authorization: 'Bearer wrong-token-0123456789' } })).status,
    ).toBe(401);
  });

  it('refuses a page of another site, even on this machine', async () => {
    const { from } = await operationsConsole();
    const answer = await from('127.0.0.1', '/metrics', {
      headers: { origin: 'https://attacker.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(answer.status).toBe(403);
    expect(await answer.text()).not.toContain('console_');
  });

  it('counts requests by route pattern and status, webhook outcomes and calls to the warehouse', async () => {
    const { from } = await operationsConsole();
    const webhook = (token: string, body: string) =>
      from('203.0.113.7', `/api/webhooks/warehouse?token=${token}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
    expect((await webhook(webhookToken, '{"neither":"order nor receive"}')).status).toBe(200);
    expect((await webhook('wrong', '{}')).status).toBe(401);
    expect((await from('127.0.0.1', '/api/index/records/order/SO-1')).status).toBe(401);
    expect((await from('127.0.0.1', '/healthz')).status).toBe(200);

    const text = await (await from('127.0.0.1', '/metrics')).text();
    expect(text).toContain('console_webhook_deliveries_total{outcome="rejected"} 1');
    expect(text).toContain('console_webhook_deliveries_total{outcome="unauthorized"} 1');
    expect(text).toContain(
      'console_http_requests_total{method="POST",route="/api/webhooks/warehouse",status="200"} 1',
    );
    expect(text).toContain('console_http_requests_total{method="GET",route="/healthz",status="200"} 1');
    // Refused by the route's guard: counted under its pattern, not the path.
    expect(text).toContain(
      'console_http_requests_total{method="GET",route="/api/index/records/:kind/:reference",status="401"} 1',
    );
    expect(text).not.toContain('SO-1');
    for (const name of [
      'console_upstream_request_duration_seconds',
      'console_index_lag_seconds',
      'console_live_streams_open',
      'console_sync_runs_total',
      'console_sync_failures_total',
    ])
      expect(text).toContain(`# TYPE ${name} `);
    // prom-client writes NaN as `Nan`; Prometheus reads either (Go's ParseFloat takes any case).
    expect(text).toMatch(/^console_index_lag_seconds nan$/im);
    expect(text).toContain('console_live_streams_open 0');
  });

  it('times a forwarded call by its outcome', async () => {
    const metrics = createConsoleMetrics();
    const app = createServerApp({
      config: readServerConfig({}),
      upstream: { ...testUpstream('http://127.0.0.1:9', key, 500), timing: metrics.upstreamTiming },
      mode: 'upstream',
      distDir: null,
      consoleDb: openConsoleDatabase(':memory:'),
      metrics,
      log: () => {},
    });
    const local = { incoming: { socket: { remoteAddress: '127.0.0.1' } } };
    // An open console (no accounts, this machine only) forwards without a session; port 9 answers nobody.
    expect((await app.request('/api/warehouse/v1/products', {}, local)).status).toBe(502);
    const text = await (await app.request('/metrics', {}, local)).text();
    expect(text).toContain(
      'console_upstream_request_duration_seconds_count{caller="forward",outcome="unreachable"} 1',
    );
    expect(text).toContain(
      'console_http_requests_total{method="GET",route="/api/warehouse/v1/*",status="502"} 1',
    );
  });
});

describe('request ids and the request log', () => {
  it('gives every answer an X-Request-Id, the one its log entry has, keeping a well-formed one sent', async () => {
    const { from, entries } = await operationsConsole();
    const made = await from('203.0.113.7', '/healthz');
    const id = made.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(entries.at(-1)).toMatchObject({
      requestId: id,
      method: 'GET',
      path: '/healthz',
      route: '/healthz',
      status: 200,
    });

    const kept = await from('203.0.113.7', '/readyz', { headers: { 'x-request-id': 'lb-4f1c2a' } });
    expect(kept.headers.get('x-request-id')).toBe('lb-4f1c2a');
    expect(entries.at(-1)?.requestId).toBe('lb-4f1c2a');

    const replaced = await from('203.0.113.7', '/healthz', { headers: { 'x-request-id': 'a b;c' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);

    // Refused before any route, still with an id.
    const refused = await from('203.0.113.7', '/healthz', { headers: { host: 'attacker.example' } });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('x-request-id')).toBe(entries.at(-1)?.requestId);
  });

  it('never logs the key, however a client writes it into a path', async () => {
    const { from, entries, logLines } = await operationsConsole();
    const encoded = [...key].map((character) => `%${character.charCodeAt(0).toString(16)}`).join('');
    for (const path of [`/api/warehouse/v1/products/${key}`, `/api/${encoded}`, `/${key}`]) {
      await from('127.0.0.1', path);
    }
    expect(entries).toHaveLength(3);
    for (const entry of entries) {
      expect(JSON.stringify(entry)).not.toContain(key);
      expect(decodeURIComponent(entry.path)).not.toContain(key);
    }
    expect(entries[0]?.path).toBe('/api/warehouse/v1/products/[redacted]');
    expect(logLines.join('\n')).not.toContain(key);
  });
});
