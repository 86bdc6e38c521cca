import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEchoUpstream } from '../testing/echo-upstream';
import { pageHost, pageRequests, problemOf } from '../testing/page-requests';
import { upstreamConsoleApp } from '../testing/test-console-app';

let upstream: Awaited<ReturnType<typeof startEchoUpstream>>;

beforeAll(async () => {
  upstream = await startEchoUpstream();
});
afterAll(() => upstream?.close());

function consoleApp(env: Record<string, string> = {}) {
  const app = upstreamConsoleApp({ upstreamUrl: upstream.url, env });
  return { app, send: pageRequests(app) };
}

describe('host names (DNS rebinding)', () => {
  it.each(['127.0.0.1:3000', 'localhost:3000', '[::1]:3000', 'console.localhost', '127.0.0.2:8080'])(
    'answers under the loopback name %s',
    async (host) => {
      const response = await consoleApp().send('/api/config', { headers: { host } });
      expect(response.status).toBe(200);
    },
  );

  it.each([
    'evil.test:3000',
    'evil.test',
    '127.0.0.1.evil.test:3000',
    'localhost.evil.test',
    '10.0.0.5:3000',
    '',
  ])(
    'refuses the host name "%s" with 403 host_not_allowed before anything is read or forwarded',
    async (host) => {
      const before = upstream.received.length;
      const { send } = consoleApp();
      for (const [path, method] of [
        ['/api/config', 'GET'],
        ['/api/warehouse/v1/orders?PrimaryReference=SO-1', 'GET'],
        ['/api/warehouse/v1/orders', 'POST'],
        ['/api/session', 'GET'],
      ] as const) {
        const response = await send(path, {
          method,
          headers: { host, origin: `http://${host}` },
          body: method === 'POST' ? {} : undefined,
        });
        expect(response.status, `${method} ${path}`).toBe(403);
        expect(await problemOf(response)).toMatchObject({ code: 'host_not_allowed' });
      }
      expect(upstream.received.length).toBe(before);
    },
  );

  it('answers under the host of CONSOLE_PUBLIC_URL and of CONSOLE_ALLOWED_HOSTS', async () => {
    const { send } = consoleApp({
      CONSOLE_PUBLIC_URL: 'https://console.example.com',
      CONSOLE_ALLOWED_HOSTS: 'ops.internal, wh.example.com:8443',
    });
    for (const host of ['console.example.com', 'ops.internal:3000', 'wh.example.com:8443']) {
      expect((await send('/api/config', { headers: { host } })).status, host).toBe(200);
    }
    for (const host of ['console.example.com:444', 'wh.example.com:8444', 'example.com']) {
      expect((await send('/api/config', { headers: { host } })).status, host).toBe(403);
    }
  });
});

describe('changes come only from the console’s own pages', () => {
  const order = { primaryReference: 'SO-CSRF' };

  it.each([
    ['no Origin and no Sec-Fetch-Site', { origin: '' }],
    ['another site’s Origin', { origin: 'http://evil.test:3000' }],
    ['the null Origin of a sandboxed frame', { origin: 'null' }],
    ['a cross-site fetch without Origin', { origin: '', 'sec-fetch-site': 'cross-site' }],
    ['a same-site but other-origin page', { origin: 'http://127.0.0.1:4000' }],
  ])('refuses a change with %s (403 cross_site_request), forwarding nothing', async (_case, headers) => {
    const before = upstream.received.length;
    const { send } = consoleApp();
    const cleaned = Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== ''));
    const response = await consoleApp().app.request('/api/warehouse/v1/orders', {
      method: 'POST',
      headers: { host: pageHost, 'content-type': 'application/json', ...cleaned },
      body: JSON.stringify(order),
    });
    expect(response.status).toBe(403);
    expect(await problemOf(response)).toMatchObject({ code: 'cross_site_request' });
    expect((await send('/api/session')).status).toBe(200);
    expect(upstream.received.length).toBe(before);
  });

  it.each([
    ['a form post', 'application/x-www-form-urlencoded'],
    ['a beacon', 'text/plain;charset=UTF-8'],
    ['a multipart form', 'multipart/form-data; boundary=x'],
    ['a bodiless operator action without a type', ''],
  ])('refuses %s even from the same origin unless it is JSON (415)', async (_case, contentType) => {
    const before = upstream.received.length;
    const response = await consoleApp().send('/api/warehouse/v1/orders', {
      method: 'POST',
      headers: { 'content-type': contentType },
    });
    expect(response.status).toBe(415);
    expect(await problemOf(response)).toMatchObject({ code: 'unsupported_media_type' });
    expect(upstream.received.length).toBe(before);
  });

  it('forwards a JSON change whose Origin is the console’s, or that a browser marks same-origin', async () => {
    const { app, send } = consoleApp();
    expect((await send('/api/warehouse/v1/orders', { method: 'POST', body: order })).status).toBe(200);
    const marked = await app.request('/api/warehouse/v1/orders', {
      method: 'POST',
      headers: {
        host: pageHost,
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/json',
      },
      body: JSON.stringify(order),
    });
    expect(marked.status).toBe(200);
  });
});
