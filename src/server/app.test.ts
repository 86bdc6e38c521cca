import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleConfigSchema } from '../contract/console-config';
import { errorEnvelopeSchema } from '../contract/envelope';
import { createServerApp } from './app';
import { readServerConfig } from './config';
import { openConsoleDatabase } from './console-db';
import { listen, type RunningServer } from './listen';
import { closedPort, startEchoUpstream } from './testing/echo-upstream';
import { type RawResponse, rawRequest } from './testing/raw-request';

const key = 'KEY-must-never-leak-7f3a';
const organization = 'north';

let distDir: string;
let upstream: Awaited<ReturnType<typeof startEchoUpstream>>;
let server: RunningServer;
const logLines: string[] = [];
/** Every response any test saw, so the last check can search them all for the key. */
const seen: RawResponse[] = [];

/** Changes come from the console's own page, as the browser sends them, unless a test says otherwise. */
async function send(target: string, options: Parameters<typeof rawRequest>[2] = {}) {
  const changes = options.method !== undefined && options.method !== 'GET';
  const headers = changes
    ? { origin: server.url, 'content-type': 'application/json', ...options.headers }
    : options.headers;
  const response = await rawRequest(server.url, target, { ...options, headers });
  seen.push(response);
  return response;
}

function errorOf(response: RawResponse) {
  const envelope = errorEnvelopeSchema.parse(JSON.parse(response.body));
  expect(envelope.data).toEqual({});
  return envelope.errors[0];
}

async function filesBelow(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

// Building shares two cores with the rest of the suite: the hook gets more time than the default.
beforeAll(async () => {
  distDir = await mkdtemp(join(tmpdir(), 'console-dist-'));
  // The key is in the environment while the dashboard builds, as it is on a real machine.
  process.env.WAREHOUSE_API_KEY = key;
  await build({ logLevel: 'error', build: { outDir: distDir, emptyOutDir: true } });
  delete process.env.WAREHOUSE_API_KEY;

  upstream = await startEchoUpstream();
  const config = readServerConfig({
    WAREHOUSE_BASE_URL: upstream.url,
    WAREHOUSE_API_KEY: key,
    WAREHOUSE_ORGANIZATION: organization,
  });
  const app = createServerApp({
    config,
    consoleDb: openConsoleDatabase(':memory:'),
    upstream: {
      baseUrl: new URL(upstream.url),
      apiKey: key,
      organization,
      timeoutMs: 300,
      maxAnswerBytes: config.upstreamMaxBytes,
    },
    mode: 'upstream',
    distDir,
    log: (line) => logLines.push(line),
  });
  server = await listen(app.fetch, { port: 0, host: '127.0.0.1', log: (line) => logLines.push(line) });
}, 120_000);

afterAll(async () => {
  await server?.close();
  await upstream?.close();
  if (distDir) await rm(distDir, { recursive: true, force: true });
});

describe('/api/config', () => {
  it('gives the browser the packet without the key', async () => {
    const response = await send('/api/config');
    expect(response.status).toBe(200);
    const { data } = JSON.parse(response.body);
    expect(consoleConfigSchema.parse(data)).toEqual({
      mode: 'upstream',
      upstreamHost: new URL(upstream.url).host,
      organization,
      warehouses: ['LAW', 'NJE', 'DFW'],
      attributeKeys: [
        { key: 'SN', label: 'Serial number' },
        { key: 'LOT', label: 'Lot' },
        { key: 'EXP', label: 'Expiry date' },
      ],
      serialKey: 'SN',
      rateGroups: ['ECONOMY', 'STANDARD', 'EXPEDITED'],
    });
  });
});

describe('forwarding the interface', () => {
  it('keeps its connection to the upstream open across requests instead of connecting for each', async () => {
    const before = upstream.connections();
    for (let request = 0; request < 10; request += 1) {
      expect((await send('/api/warehouse/v1/products?productcode=POOLED')).status).toBe(200);
    }
    expect(upstream.connections() - before).toBeLessThanOrEqual(1);
  });

  it.each([
    ['POST', '/products', '{"productCode":"A"}'],
    ['GET', '/products?productcode=SKU-1', undefined],
    ['GET', '/products/0f3a', undefined],
    ['GET', '/products/actions/get-id/SKU%20ONE', undefined],
    // An encoded ? or # stays part of the product code: it cannot start a query upstream.
    ['GET', '/products/actions/get-id/A%3FB%23C', undefined],
    ['GET', '/products/actions/get-id/caf%C3%A9', undefined],
    ['PATCH', '/products/0f3a', '{"productDescription":"B"}'],
    ['POST', '/orders', '{"primaryReference":"SO-1"}'],
    ['GET', '/orders?PrimaryReference=SO-1&limit=5', undefined],
    ['PATCH', '/order/9c1', '{}'],
    ['PATCH', '/orders/9c1', '{}'],
    ['POST', '/receives', '{"primaryReference":"PO-1"}'],
    ['GET', '/receives?PrimaryReference=PO-1', undefined],
  ])('%s %s reaches the upstream with the key and the organization', async (method, path, body) => {
    const before = upstream.received.length;
    const response = await send(`/api/warehouse/v1${path}`, {
      method,
      body,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(200);
    const forwarded = upstream.received.slice(before);
    expect(forwarded).toHaveLength(1);
    expect(forwarded[0]).toMatchObject({ method, url: `/warehouse/v1${path}`, body: body ?? '' });
    expect(forwarded[0]?.headers['x-api-key']).toBe(key);
    expect(forwarded[0]?.headers['organization-slug']).toBe(organization);
  });

  it('drops the client’s credentials, cookies and hop-by-hop headers and keeps content type and accept', async () => {
    const before = upstream.received.length;
    await send('/api/warehouse/v1/products', {
      method: 'POST',
      body: '{"productCode":"A"}',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        'x-api-key': 'client-chosen-key',
        'organization-slug': 'someone-else',
        cookie: 'session=browser',
        authorization: 'Bearer browser-token',
        'proxy-authorization': 'Basic abc',
        connection: 'keep-alive, x-hop',
        'x-hop': 'hop',
        'keep-alive': 'timeout=5',
        'x-forwarded-for': '10.0.0.1',
      },
    });
    const headers = upstream.received[before]?.headers ?? {};
    expect(headers['x-api-key']).toBe(key);
    expect(headers['organization-slug']).toBe(organization);
    expect(headers['content-type']).toBe('application/json');
    expect(headers.accept).toBe('application/json');
    for (const dropped of [
      'cookie',
      'authorization',
      'proxy-authorization',
      'x-hop',
      'keep-alive',
      'x-forwarded-for',
      'origin',
    ]) {
      expect(headers[dropped], dropped).toBeUndefined();
    }
    expect(headers.host).toBe(new URL(upstream.url).host);
  });

  it('passes back status and body but not the upstream’s cookies or other headers, and never an echoed key', async () => {
    const response = await send('/api/warehouse/v1/products/0f3a');
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.headers['x-upstream-internal']).toBeUndefined();
    expect(response.headers['content-type']).toBe('application/json');
    const echoed = JSON.parse(response.body).data.headers;
    expect(echoed['x-api-key']).toBe('[redacted]');
    expect(logLines.some((line) => line.includes('upstream echoed the API key'))).toBe(true);
  });
});

describe('refusing what is not the interface', () => {
  it.each([
    ['GET', '/api/warehouse/v1/products/../orders'],
    ['GET', '/api/warehouse/v1/products/./0f3a'],
    ['GET', '/api/warehouse/v1/%2e%2e/sandbox/v1/actions'],
    ['GET', '/api/warehouse/v1/products/%2E%2E'],
    ['GET', '/api/warehouse/v1/products/1/../../../../etc/passwd'],
    ['GET', '/api/../warehouse/v1/products'],
    ['GET', '/api/warehouse/v1/products/a%2Fb'],
    ['GET', '/api/warehouse/v1/products/a%2fb'],
    ['GET', '/api/warehouse/v1/products/http:%2F%2Fevil.example'],
    ['GET', '/api/warehouse/v1/products/a%5Cb'],
    ['GET', '/api/warehouse/v1/products\\..\\orders'],
    ['GET', '/api/warehouse/v1//products'],
    ['GET', '/api/warehouse/v1/products/'],
    ['GET', '//evil.example/api/warehouse/v1/products'],
    ['GET', 'http://evil.example/api/warehouse/v1/products'],
    ['GET', '/api/warehouse/v1/products/%00'],
    ['GET', '/api/warehouse/v1/products/a%0d%0aX-Injected:%201'],
    ['GET', '/api/warehouse/v1/products/%E0%A4%A'],
  ])('%s %s is refused with 400 invalid_path and never forwarded', async (method, target) => {
    const before = upstream.received.length;
    const response = await send(target, { method });
    expect(response.status).toBe(400);
    expect(errorOf(response)).toMatchObject({ status: '400', code: 'invalid_path' });
    expect(upstream.received.length).toBe(before);
  });

  it.each([
    ['DELETE', '/api/warehouse/v1/products/0f3a'],
    ['PUT', '/api/warehouse/v1/products/0f3a'],
    ['POST', '/api/warehouse/v1/products/0f3a'],
    ['GET', '/api/warehouse/v1/orders/9c1'],
    ['GET', '/api/warehouse/v1/order/9c1'],
    ['PATCH', '/api/warehouse/v1/receives/1'],
    ['GET', '/api/warehouse/v1/products/actions/get-id/A/B'],
    ['GET', '/api/warehouse/v1/admin'],
    ['GET', '/api/warehouse/v2/products'],
    ['GET', '/api/warehouse/api-docs'],
    ['POST', '/api/sandbox/v1/orders/1/ship'],
    ['GET', '/api/anything'],
  ])('%s %s answers 404 not_found and is never forwarded', async (method, target) => {
    const before = upstream.received.length;
    const response = await send(target, { method });
    expect(response.status).toBe(404);
    expect(errorOf(response)).toMatchObject({ status: '404', code: 'not_found' });
    expect(upstream.received.length).toBe(before);
  });

  it('refuses bodies over 1 MiB with 413 in the envelope', async () => {
    const response = await send('/api/warehouse/v1/products', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ productDescription: 'x'.repeat(1024 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect(errorOf(response)).toMatchObject({ code: 'payload_too_large' });
  });
});

describe('when the upstream fails', () => {
  it.each(['never-answers', 'stalls-midway'])(
    'answers 504 upstream_timeout when it %s',
    async (behaviour) => {
      const started = Date.now();
      const response = await send(`/api/warehouse/v1/products/${behaviour}`);
      expect(response.status).toBe(504);
      expect(errorOf(response)).toMatchObject({ status: '504', code: 'upstream_timeout' });
      expect(Date.now() - started).toBeLessThan(3000);
    },
  );

  it('answers 502 upstream_unreachable, naming the host, when nothing listens', async () => {
    const port = await closedPort();
    const app = createServerApp({
      config: readServerConfig({ WAREHOUSE_BASE_URL: `http://127.0.0.1:${port}`, WAREHOUSE_API_KEY: key }),
      upstream: {
        baseUrl: new URL(`http://127.0.0.1:${port}`),
        apiKey: key,
        organization: null,
        timeoutMs: 2000,
        maxAnswerBytes: 1024 * 1024,
      },
      mode: 'upstream',
      distDir: null,
      consoleDb: openConsoleDatabase(':memory:'),
      log: (line) => logLines.push(line),
    });
    const response = await app.request('/api/warehouse/v1/orders?PrimaryReference=SO-1');
    const body = await response.text();
    seen.push({ status: response.status, headers: Object.fromEntries(response.headers), body });
    expect(response.status).toBe(502);
    expect(errorOf(seen.at(-1) as RawResponse)).toMatchObject({
      status: '502',
      code: 'upstream_unreachable',
      detail: `The warehouse service at 127.0.0.1:${port} cannot be reached. Check WAREHOUSE_BASE_URL and that the service is running.`,
    });
    expect(logLines.at(-1)).toMatch(/ 502 .*upstream_unreachable ECONNREFUSED$/);
  });
});

describe('when the upstream answers with something other than the envelope', () => {
  it.each([
    ['answer-502-html', 'an HTML page from a load balancer', 'a body of type text/html'],
    ['answer-503-json', 'JSON that is not the envelope', 'a body of type application/json'],
    ['answer-503-empty', 'an empty body', 'an empty body'],
    ['answer-200-html', 'a success that is an HTML page', 'a body of type text/html'],
  ])('wraps %s (%s) in a 502 upstream_invalid_response envelope', async (path, _case, described) => {
    const response = await send(`/api/warehouse/v1/products/${path}`);
    expect(response.status).toBe(502);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const status = path.split('-')[1];
    expect(errorOf(response)).toMatchObject({
      status: '502',
      code: 'upstream_invalid_response',
      title: 'The warehouse service sent an answer the console cannot read',
      detail: expect.stringContaining(
        `at ${new URL(upstream.url).host} answered ${status} with ${described} instead of its JSON envelope`,
      ),
    });
    expect(response.body).not.toContain('<html>');
    expect(logLines.at(-1)).toMatch(new RegExp(` 502 .*upstream_invalid_response ${status} `));
  });

  it('passes a genuine error envelope through as it is', async () => {
    const response = await send('/api/warehouse/v1/products/answer-409-envelope');
    expect(response.status).toBe(409);
    expect(errorOf(response)).toMatchObject({ status: '409', code: 'conflict', detail: 'From the service' });
  });
});

describe('serving the dashboard', () => {
  it('serves index.html with security headers for the root and for client-side routes', async () => {
    for (const target of ['/', '/orders/SO-1', '/products?q=shoe']) {
      const response = await send(target);
      expect(response.status, target).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
  });

  it('serves every built file, hashed assets with a long cache, and no page for a missing asset', async () => {
    const files = await filesBelow(distDir);
    expect(files.some((file) => file.endsWith('.js'))).toBe(true);
    for (const file of files) {
      const path = `/${relative(distDir, file).split('\\').join('/')}`;
      const response = await send(path);
      expect(response.status, path).toBe(200);
      if (path.startsWith('/assets/'))
        expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    const script = files.find((file) => file.endsWith('.js')) as string;
    const compressed = await send(`/${relative(distDir, script).split('\\').join('/')}`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(compressed.bytes as Buffer).equals(await readFile(script))).toBe(true);
    expect((await send('/assets/missing-abc123.js')).status).toBe(404);
    expect((await send('/favicon-missing.svg')).status).toBe(404);
  });
});

describe('the key stays on the server', () => {
  it('appears in no response body or header, no built file and no log line', async () => {
    // Requests of every kind, so the sweep does not depend on the other tests having run.
    await send('/api/config');
    await send('/');
    await send('/api/warehouse/v1/products/0f3a');
    await send('/api/warehouse/v1/products/never-answers');
    await send('/api/warehouse/v1/products/../x');
    await send('/api/nothing');
    expect(seen.length).toBeGreaterThan(6);
    for (const response of seen) {
      expect(response.body).not.toContain(key);
      expect(JSON.stringify(response.headers)).not.toContain(key);
    }
    for (const file of await filesBelow(distDir)) {
      expect(await readFile(file, 'utf8'), file).not.toContain(key);
    }
    expect(logLines.length).toBeGreaterThan(6);
    for (const line of logLines) expect(line).not.toContain(key);
  });
});
