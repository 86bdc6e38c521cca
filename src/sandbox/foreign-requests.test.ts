import { afterAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../server/testing/raw-request';
import { startSandbox } from './server';
import { productBody } from './testing/request-bodies';
import { createTestSandbox, databaseDigest, expectErrors, expectSuccess } from './testing/test-harness';

describe('requests from other hosts and sites', () => {
  it('answers loopback names on any port and refuses any other Host with 403, writing nothing', async () => {
    const sandbox = createTestSandbox();
    for (const host of ['127.0.0.1:4010', 'localhost:4010', 'localhost', '[::1]:9000', 'app.localhost:1']) {
      expectSuccess(await sandbox.call('GET', '/warehouse/v1/products', { headers: { host } }));
    }
    const before = databaseDigest(sandbox.store);
    for (const host of ['attacker.example:4010', 'attacker.example', '127.0.0.1.attacker.example:4010']) {
      expectErrors(
        await sandbox.call('POST', '/warehouse/v1/products', {
          body: productBody('REBOUND-1'),
          headers: { host },
        }),
        403,
        [{ code: 'host_not_allowed', pointer: '/' }],
      );
      expectErrors(await sandbox.call('GET', '/warehouse/v1/products', { headers: { host } }), 403, [
        { code: 'host_not_allowed', pointer: '/' },
      ]);
      expect((await sandbox.app.request('/warehouse/api-docs', { headers: { host } })).status).toBe(403);
    }
    expect(databaseDigest(sandbox.store)).toBe(before);
  });

  it('answers the names of SANDBOX_ALLOWED_HOSTS, on any port or the one given', async () => {
    const sandbox = createTestSandbox({
      config: { allowedHosts: ['sandbox.qa.example', 'qa.example:8443'] },
    });
    for (const host of ['sandbox.qa.example', 'sandbox.qa.example:80', 'qa.example:8443']) {
      expectSuccess(await sandbox.call('GET', '/warehouse/v1/products', { headers: { host } }));
    }
    expectErrors(
      await sandbox.call('GET', '/warehouse/v1/products', { headers: { host: 'qa.example:80' } }),
      403,
      [{ code: 'host_not_allowed', pointer: '/' }],
    );
  });

  it('refuses what a browser sends from a page of another origin, and passes programs and its own pages', async () => {
    const sandbox = createTestSandbox();
    const host = { host: '127.0.0.1:4010' };
    const before = databaseDigest(sandbox.store);
    const fromOtherOrigins: Record<string, string>[] = [
      { origin: 'https://attacker.example' },
      { origin: 'http://127.0.0.1:3000' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      // Another port of this machine is the same site, but another origin: the console's page, say.
      { 'sec-fetch-site': 'same-site' },
    ];
    for (const headers of fromOtherOrigins) {
      for (const method of ['GET', 'POST']) {
        const answer = await sandbox.call(method, '/warehouse/v1/products', {
          body: method === 'POST' ? productBody('CROSS-1') : undefined,
          headers: { ...host, ...headers },
        });
        expectErrors(answer, 403, [{ code: 'cross_site_request', pointer: '/' }]);
      }
      expectErrors(
        await sandbox.call('POST', '/sandbox/v1/orders/0123456789abcdef01234567/pick', {
          headers: { ...host, ...headers },
        }),
        403,
        [{ code: 'cross_site_request', pointer: '/' }],
      );
    }
    expect(databaseDigest(sandbox.store)).toBe(before);
    const fromPrograms: Record<string, string>[] = [
      {},
      { origin: 'http://127.0.0.1:4010' },
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none' },
    ];
    for (const headers of fromPrograms) {
      expectSuccess(
        await sandbox.call('GET', '/warehouse/v1/products', { headers: { ...host, ...headers } }),
      );
    }
    // The public reference stays readable from a link on another site.
    const reference = await sandbox.app.request('/warehouse/api-docs/reference', {
      headers: { ...host, 'sec-fetch-site': 'cross-site' },
    });
    expect(reference.status).toBe(200);
  });

  describe('over HTTP, as npm run sandbox and the console embed it', () => {
    let running: Awaited<ReturnType<typeof startSandbox>>;
    afterAll(() => running?.close());

    it('refuses a rebound Host with the published key', async () => {
      running = await startSandbox({ port: 0, dbFile: ':memory:', seed: 'none', autopilot: false });
      const { port } = new URL(running.url);
      const ask = (host: string) =>
        rawRequest(running.url, '/warehouse/v1/products', {
          headers: { host, 'x-api-key': running.config.apiKey },
        });
      const refused = await ask(`attacker.example:${port}`);
      expect(refused.status).toBe(403);
      expect(JSON.parse(refused.body).errors[0].code).toBe('host_not_allowed');
      expect((await ask(`127.0.0.1:${port}`)).status).toBe(200);
    });
  });
});
