import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { clientAddress, trustedProxyList, warnOfUnnamedProxy } from './client-address';

describe('clientAddress', () => {
  const proxies = trustedProxyList(['10.0.0.5', '172.16.0.0/12', 'fd00::/8']);

  it('is the socket peer when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(clientAddress('203.0.113.7', '198.51.100.1', trustedProxyList([]))).toBe('203.0.113.7');
    expect(clientAddress('::ffff:203.0.113.7', undefined, trustedProxyList([]))).toBe('203.0.113.7');
  });

  it('is the socket peer when the peer is not a trusted proxy', () => {
    expect(clientAddress('203.0.113.7', '198.51.100.1', proxies)).toBe('203.0.113.7');
  });

  it('behind trusted proxies, is the right-most forwarded address that is not one of them', () => {
    // The client wrote 192.0.2.66 itself; the outer proxy (172.16.3.4) saw 198.51.100.1.
    expect(clientAddress('10.0.0.5', '192.0.2.66, 198.51.100.1, 172.16.3.4', proxies)).toBe('198.51.100.1');
    expect(clientAddress('::ffff:10.0.0.5', '2001:db8::7, fd00::1', proxies)).toBe('2001:db8::7');
  });

  it('behind trusted proxies only, is the left-most hop, or the peer without the header', () => {
    expect(clientAddress('10.0.0.5', '172.16.0.9, 10.0.0.5', proxies)).toBe('172.16.0.9');
    expect(clientAddress('10.0.0.5', undefined, proxies)).toBe('10.0.0.5');
  });
});

describe('a proxy nobody named', () => {
  it('is said once in the log when X-Forwarded-For arrives without TRUSTED_PROXIES, never with them', async () => {
    const said: string[] = [];
    const app = new Hono();
    app.use(warnOfUnnamedProxy([], (line) => said.push(line)));
    app.get('/', (c) => c.text('ok'));
    await app.request('/');
    expect(said).toEqual([]);
    await app.request('/', { headers: { 'x-forwarded-for': '203.0.113.9' } });
    await app.request('/', { headers: { 'x-forwarded-for': '203.0.113.10' } });
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/^warning: requests carry X-Forwarded-For but TRUSTED_PROXIES is unset/);

    const quiet: string[] = [];
    const named = new Hono();
    named.use(warnOfUnnamedProxy(['10.0.0.5'], (line) => quiet.push(line)));
    named.get('/', (c) => c.text('ok'));
    await named.request('/', { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(quiet).toEqual([]);
  });
});
