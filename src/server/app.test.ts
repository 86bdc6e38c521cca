import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { budgets } from '#testing/test-budgets';
import { consoleConfigSchema } from '../contract/console-config';
import { apiKey, expectKeyNowhere, organization, startForwardingConsole } from './testing/forwarding-console';

let distDir: string;
let server: Awaited<ReturnType<typeof startForwardingConsole>>;

async function filesBelow(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

// Building shares two cores with the rest of the suite: the hook gets more time than the default.
beforeAll(async () => {
  distDir = await mkdtemp(join(tmpdir(), 'console-dist-'));
  // The key is in the environment while the dashboard builds, as it is on a real machine.
  process.env.WAREHOUSE_API_KEY = apiKey;
  await build({ logLevel: 'error', build: { outDir: distDir, emptyOutDir: true } });
  delete process.env.WAREHOUSE_API_KEY;
  server = await startForwardingConsole({ distDir });
}, budgets.dashboardBuild);

afterAll(async () => {
  await server?.close();
  if (distDir) await rm(distDir, { recursive: true, force: true });
});

describe('/api/config', () => {
  it('gives the browser the packet without the key', async () => {
    const response = await server.send('/api/config');
    expect(response.status).toBe(200);
    const { data } = JSON.parse(response.body);
    expect(consoleConfigSchema.parse(data)).toEqual({
      mode: 'upstream',
      upstreamHost: new URL(server.upstream.url).host,
      organization,
      warehouses: ['LAW', 'NJE', 'DFW'],
      attributeKeys: [
        { key: 'SN', label: 'Serial number' },
        { key: 'LOT', label: 'Lot' },
        { key: 'EXP', label: 'Expiry date' },
      ],
      serialKey: 'SN',
      rateGroups: ['ECONOMY', 'STANDARD', 'EXPEDITED'],
      priceCurrency: 'USD',
      claimWindowDays: 90,
      customerNextStep: { step: 'contact', contact: null },
      claimant: { name: null, contact: null },
    });
  });
});

describe('serving the dashboard', () => {
  it('serves index.html with security headers for the root and for client-side routes', async () => {
    for (const target of ['/', '/orders/SO-1', '/products?q=shoe']) {
      const response = await server.send(target);
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
      const response = await server.send(path);
      expect(response.status, path).toBe(200);
      if (path.startsWith('/assets/'))
        expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    // The largest script: small chunks (a lazily loaded notification) are below the size worth compressing.
    const scripts = files.filter((file) => file.endsWith('.js'));
    const sizes = await Promise.all(scripts.map(async (file) => (await readFile(file)).length));
    const script = scripts[sizes.indexOf(Math.max(...sizes))] as string;
    const compressed = await server.send(`/${relative(distDir, script).split('\\').join('/')}`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(compressed.bytes as Buffer).equals(await readFile(script))).toBe(true);
    expect((await server.send('/assets/missing-abc123.js')).status).toBe(404);
    expect((await server.send('/favicon-missing.svg')).status).toBe(404);
  });
});

describe('the key stays on the server', () => {
  it('appears in no response body or header, no built file and no log line', async () => {
    // Requests of every kind, so the sweep does not depend on the other tests having run.
    await server.send('/api/config');
    await server.send('/');
    await server.send('/api/warehouse/v1/products/0f3a');
    await server.send('/api/warehouse/v1/products/never-answers');
    await server.send('/api/warehouse/v1/products/../x');
    await server.send('/api/nothing');
    expect(server.seen.length).toBeGreaterThan(6);
    expect(server.logLines.length).toBeGreaterThan(6);
    expectKeyNowhere(server.seen, server.logLines);
    for (const file of await filesBelow(distDir)) {
      expect(await readFile(file, 'utf8'), file).not.toContain(apiKey);
    }
  });
});
