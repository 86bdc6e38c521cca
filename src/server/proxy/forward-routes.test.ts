import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerApp } from '../app';
import { readServerConfig } from '../config/config';
import { openConsoleDatabase } from '../store/sqlite/console-db';
import { closedPort } from '../testing/echo-upstream';
import {
  apiKey,
  errorOf,
  expectKeyNowhere,
  organization,
  startForwardingConsole,
} from '../testing/forwarding-console';
import type { RawResponse } from '../testing/raw-request';

let server: Awaited<ReturnType<typeof startForwardingConsole>>;

beforeAll(async () => {
  server = await startForwardingConsole();
});
afterAll(() => server?.close());

describe('forwarding the interface', () => {
  it('keeps its connection to the upstream open across requests instead of connecting for each', async () => {
    const before = server.upstream.connections();
    for (let request = 0; request < 10; request += 1) {
      expect((await server.send('/api/warehouse/v1/products?productcode=POOLED')).status).toBe(200);
    }
    expect(server.upstream.connections() - before).toBeLessThanOrEqual(1);
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
    const before = server.upstream.received.length;
    const response = await server.send(`/api/warehouse/v1${path}`, {
      method,
      body,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(200);
    const forwarded = server.upstream.received.slice(before);
    expect(forwarded).toHaveLength(1);
    expect(forwarded[0]).toMatchObject({ method, url: `/warehouse/v1${path}`, body: body ?? '' });
    expect(forwarded[0]?.headers['x-api-key']).toBe(apiKey);
    expect(forwarded[0]?.headers['organization-slug']).toBe(organization);
  });

  it('drops the client’s credentials, cookies and hop-by-hop headers and keeps content type and accept', async () => {
    const before = server.upstream.received.length;
    await server.send('/api/warehouse/v1/products', {
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
    const headers = server.upstream.received[before]?.headers ?? {};
    expect(headers['x-api-key']).toBe(apiKey);
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
    expect(headers.host).toBe(new URL(server.upstream.url).host);
  });

  it('passes back status and body but not the upstream’s cookies or other headers, and never an echoed key', async () => {
    const response = await server.send('/api/warehouse/v1/products/0f3a');
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.headers['x-upstream-internal']).toBeUndefined();
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const echoed = JSON.parse(response.body).data.headers;
    expect(echoed['x-api-key']).toBe('[redacted]');
    expect(server.logLines.some((line) => line.includes('upstream echoed the API key'))).toBe(true);
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
    const before = server.upstream.received.length;
    const response = await server.send(target, { method });
    expect(response.status).toBe(400);
    expect(errorOf(response)).toMatchObject({ status: '400', code: 'invalid_path' });
    expect(server.upstream.received.length).toBe(before);
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
    const before = server.upstream.received.length;
    const response = await server.send(target, { method });
    expect(response.status).toBe(404);
    expect(errorOf(response)).toMatchObject({ status: '404', code: 'not_found' });
    expect(server.upstream.received.length).toBe(before);
  });

  it('refuses bodies over 1 MiB with 413 in the envelope', async () => {
    const response = await server.send('/api/warehouse/v1/products', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ productDescription: 'x'.repeat(1024 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect(errorOf(response)).toMatchObject({ code: 'payload_too_large' });
  });
});

describe('when the upstream fails', () => {
  it.each(['never-answers', 'stalls-midway'])('answers 504 upstream_timeout when it %s', async (behavior) => {
    const started = Date.now();
    const response = await server.send(`/api/warehouse/v1/products/${behavior}`);
    expect(response.status).toBe(504);
    expect(errorOf(response)).toMatchObject({ status: '504', code: 'upstream_timeout' });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('answers 502 upstream_unreachable, naming the host, when nothing listens', async () => {
    const port = await closedPort();
    const app = createServerApp({
      config: readServerConfig({ WAREHOUSE_BASE_URL: `http://127.0.0.1:${port}`, WAREHOUSE_API_KEY: apiKey }),
      upstream: {
        baseUrl: new URL(`http://127.0.0.1:${port}`),
        apiKey,
        organization: null,
        timeoutMs: 2000,
        maxAnswerBytes: 1024 * 1024,
      },
      mode: 'upstream',
      distDir: null,
      consoleDb: openConsoleDatabase(':memory:'),
      log: (line) => server.logLines.push(line),
    });
    const response = await app.request('/api/warehouse/v1/orders?PrimaryReference=SO-1');
    const body = await response.text();
    server.seen.push({ status: response.status, headers: Object.fromEntries(response.headers), body });
    expect(response.status).toBe(502);
    expect(errorOf(server.seen.at(-1) as RawResponse)).toMatchObject({
      status: '502',
      code: 'upstream_unreachable',
      detail: `The warehouse service at 127.0.0.1:${port} cannot be reached. Check WAREHOUSE_BASE_URL and that the service is running.`,
    });
    expect(server.logLines.at(-1)).toMatch(/ 502 .*upstream_unreachable ECONNREFUSED$/);
  });
});

describe('when the upstream answers with something other than the envelope', () => {
  it.each([
    ['answer-502-html', 'an HTML page from a load balancer', 'a body of type text/html'],
    ['answer-503-json', 'JSON that is not the envelope', 'a body of type application/json'],
    ['answer-503-empty', 'an empty body', 'an empty body'],
    ['answer-200-html', 'a success that is an HTML page', 'a body of type text/html'],
  ])('wraps %s (%s) in a 502 upstream_invalid_response envelope', async (path, _case, described) => {
    const response = await server.send(`/api/warehouse/v1/products/${path}`);
    expect(response.status).toBe(502);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const status = path.split('-')[1];
    expect(errorOf(response)).toMatchObject({
      status: '502',
      code: 'upstream_invalid_response',
      title: 'The warehouse service sent an answer the console cannot read',
      detail: expect.stringContaining(
        `at ${new URL(server.upstream.url).host} answered ${status} with ${described} instead of its JSON envelope`,
      ),
    });
    expect(response.body).not.toContain('<html>');
    expect(server.logLines.at(-1)).toMatch(new RegExp(` 502 .*upstream_invalid_response ${status} `));
  });

  it("passes an envelope under the console's own JSON type, whatever type and charset the service named", async () => {
    const response = await server.send('/api/warehouse/v1/products/answer-200-typed');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(JSON.parse(response.body).data.note).toBe('<script>alert(1)</script>');
    // An HTML page in its place is refused in the console's envelope (above), never passed as HTML.
    const refused = await server.send('/api/warehouse/v1/products/answer-200-html');
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(refused.headers['x-content-type-options']).toBe('nosniff');
  });

  it('passes a genuine error envelope through as it is', async () => {
    const response = await server.send('/api/warehouse/v1/products/answer-409-envelope');
    expect(response.status).toBe(409);
    expect(errorOf(response)).toMatchObject({ status: '409', code: 'conflict', detail: 'From the service' });
  });
});

describe('the key stays on the server', () => {
  it('appears in no forwarded answer, refusal or log line', async () => {
    // Answers and refusals of every kind, so the sweep does not depend on the other tests having run.
    await server.send('/api/warehouse/v1/products', { method: 'POST', body: '{"productCode":"A"}' });
    await server.send('/api/warehouse/v1/products/stalls-midway');
    await server.send('/api/warehouse/v1/products/answer-502-html');
    await server.send('/api/warehouse/v1/products/%2e%2e');
    await server.send('/api/warehouse/v2/products');
    expect(server.seen.length).toBeGreaterThanOrEqual(5);
    expectKeyNowhere(server.seen, server.logLines);
  });
});
