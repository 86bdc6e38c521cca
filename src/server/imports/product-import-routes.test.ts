import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { productImportLimits } from '../../contract/product-import';
import { type RunningSandbox, startSandbox } from '../../sandbox/server';
import { testRecordStore } from '../record-index/testing/test-record-store';
import { openConsoleDatabase } from '../store/sqlite/console-db';
import { createSqliteAccountStore } from '../store/sqlite/sqlite-account-store';
import { createSqliteAuditLog } from '../store/sqlite/sqlite-audit-log';
import { loopWhile } from '../testing/loop-gaps';
import { testApiKey, testConsoleApp } from '../testing/test-console-app';

const sandboxes: RunningSandbox[] = [];
const fakes: Server[] = [];
afterEach(async () => {
  for (const sandbox of sandboxes.splice(0)) await sandbox.close();
  for (const fake of fakes.splice(0)) await new Promise((closed) => fake.close(closed));
});

/** A warehouse that answers every product create with `status` and `errors`, counting the creates. */
async function failingWarehouse(status: number, errors: Record<string, unknown>[] = [{ title: 'Failed' }]) {
  const creates = { count: 0 };
  const fake = createServer((request, response) => {
    if (request.method === 'POST') creates.count += 1;
    response.writeHead(status, { 'content-type': 'application/json' });
    const items = errors.map((item) => ({ status: String(status), code: 'failed', ...item }));
    response.end(JSON.stringify({ data: {}, id: 'fake', resource: [], errors: items }));
  });
  fakes.push(fake);
  await new Promise<void>((listening) => fake.listen(0, '127.0.0.1', listening));
  return { url: `http://127.0.0.1:${(fake.address() as AddressInfo).port}`, creates };
}

/** The console over an empty sandbox (or the warehouse at `upstreamUrl`), its index on the engine of this run. */
async function importingConsole(upstreamUrl?: string) {
  const sandbox = await startSandbox({
    port: 0,
    dbFile: ':memory:',
    seed: 'none',
    autopilot: false,
    apiKey: testApiKey,
  });
  sandboxes.push(sandbox);
  const records = await testRecordStore();
  const app = testConsoleApp({ upstreamUrl: upstreamUrl ?? sandbox.url, records });
  const post = async (path: string, body: unknown) => {
    const response = await app.request(`/api${path}`, {
      method: 'POST',
      headers: {
        host: '127.0.0.1:3000',
        origin: 'http://127.0.0.1:3000',
        'content-type': 'application/json',
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };
  const auditActions = async () => {
    const response = await app.request('/api/audit-log', { headers: { host: '127.0.0.1:3000' } });
    return ((await response.json()).data.entries as { action: string; target: string }[]).map(
      (entry) => `${entry.action} ${entry.target}`,
    );
  };
  /** A product made at the warehouse behind the console's back: its index does not hold it. */
  const createAtWarehouse = (sent: unknown) =>
    fetch(`${sandbox.url}/warehouse/v1/products`, {
      method: 'POST',
      headers: { 'x-api-key': testApiKey, 'content-type': 'application/json' },
      body: JSON.stringify(sent),
    });
  return { post, records, auditActions, createAtWarehouse };
}

const product = (code: string, more: Record<string, unknown> = {}) => ({
  productCode: code,
  productDescription: `Product ${code}`,
  productUnit: 'UNT',
  ...more,
});
const rows = (...products: Record<string, unknown>[]) =>
  products.map((sent, index) => ({ row: index + 2, product: sent }));

describe('the product import', () => {
  it('checks each row as the New product form does, names duplicates within the file, and counts', async () => {
    const { post } = await importingConsole();
    const answer = await post('/imports/products/check', {
      rows: rows(
        product('IMP-1'),
        product('IMP 2', { dimHeight: 'tall' }),
        product('imp-1'),
        product('IMP-4', { productAttributes: [{ key: 'NOPE' }] }),
      ),
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data.counts).toEqual({ ready: 1, errors: 3, exists: 0 });
    const [first, second, third, fourth] = answer.body.data.rows;
    expect(first).toMatchObject({ row: 2, productCode: 'IMP-1', outcome: 'ready', problems: [] });
    expect(second.problems).toEqual(
      expect.arrayContaining([
        { field: 'productCode', message: 'Use letters, digits, - and _ only: a space is not allowed' },
        { field: 'dimHeight', message: 'Enter a number' },
      ]),
    );
    expect(third.problems).toEqual([{ field: 'productCode', message: 'imp-1 is also on row 2' }]);
    expect(fourth.problems[0].field).toBe('productAttributes.0.key');
    expect(fourth.problems[0].message).toMatch(/^Unknown attribute key NOPE/);
  });

  it('creates the good rows through the console path, and reports the same file sent twice as already there', async () => {
    const { post, records, auditActions } = await importingConsole();
    const file = { rows: rows(product('IMP-10'), product('IMP-11', { dimWidth: -1 }), product('IMP-12')) };
    const created = await post('/imports/products/create', file);
    expect(created.status).toBe(200);
    expect(created.body.data.rows.map((row: { outcome: string }) => row.outcome)).toEqual([
      'created',
      'refused',
      'created',
    ]);
    expect(created.body.data.rows[1].message).toBe('Cannot be negative');
    expect(await records.find('product', 'IMP-10')).toMatchObject({ source: 'console' });
    expect(await auditActions()).toEqual(
      expect.arrayContaining(['Created product IMP-10', 'Created product IMP-12']),
    );

    const check = await post('/imports/products/check', file);
    expect(check.body.data.counts).toEqual({ ready: 0, errors: 1, exists: 2 });
    const again = await post('/imports/products/create', file);
    expect(again.body.data.rows.map((row: { outcome: string }) => row.outcome)).toEqual([
      'existed',
      'refused',
      'existed',
    ]);
  });

  it('reports a code the warehouse holds but the index does not as already existed, creating nothing', async () => {
    const { post, records, createAtWarehouse } = await importingConsole();
    expect((await createAtWarehouse(product('IMP-20'))).ok).toBe(true);
    expect(await records.find('product', 'IMP-20')).toBeNull();
    const check = await post('/imports/products/check', { rows: rows(product('IMP-20')) });
    expect(check.body.data.counts).toEqual({ ready: 1, errors: 0, exists: 0 });
    const again = await post('/imports/products/create', { rows: rows(product('IMP-20')) });
    expect(again.body.data.rows[0]).toMatchObject({ outcome: 'existed' });
    // Read from the warehouse on the way, so the next dry run knows it.
    expect(await records.find('product', 'IMP-20')).not.toBeNull();
    const checkedAgain = await post('/imports/products/check', { rows: rows(product('IMP-20')) });
    expect(checkedAgain.body.data.counts).toEqual({ ready: 0, errors: 0, exists: 1 });
  });

  it('stops at a warehouse failing: the row it held is not known, the rest not sent', async () => {
    for (const [status, first] of [
      [503, 'unknown'],
      [401, 'not-sent'],
    ] as const) {
      const warehouse = await failingWarehouse(status);
      const { post } = await importingConsole(warehouse.url);
      const answer = await post('/imports/products/create', {
        rows: rows(product('IMP-40'), product('IMP-41'), product('IMP-42')),
      });
      expect(answer.status).toBe(200);
      expect(answer.body.data.rows.map((row: { outcome: string }) => row.outcome)).toEqual([
        first,
        'not-sent',
        'not-sent',
      ]);
      expect(answer.body.data.rows[1].message).toMatch(
        new RegExp(`^Not sent: the import stopped at row 2 \\(The warehouse answered ${status}`),
      );
      expect(warehouse.creates.count).toBe(1);
    }
  });

  it('says a refusal of the row in the warehouse words, with the member it points at, and goes on', async () => {
    const warehouse = await failingWarehouse(400, [
      { title: 'Invalid', detail: 'Must be a known unit', source: { pointer: '/productUnit' } },
    ]);
    const { post } = await importingConsole(warehouse.url);
    const answer = await post('/imports/products/create', {
      rows: rows(product('IMP-50'), product('IMP-51')),
    });
    expect(answer.body.data.rows).toEqual([
      { row: 2, productCode: 'IMP-50', outcome: 'refused', message: 'productUnit: Must be a known unit' },
      { row: 3, productCode: 'IMP-51', outcome: 'refused', message: 'productUnit: Must be a known unit' },
    ]);
    expect(warehouse.creates.count).toBe(2);
  });

  it('bounds the rows of a request', async () => {
    const { post } = await importingConsole();
    const tooMany = rows(
      ...Array.from({ length: productImportLimits.createRows + 1 }, (_, i) => product(`B-${i}`)),
    );
    const answer = await post('/imports/products/create', { rows: tooMany });
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0].detail).toBe('Send at most 50 rows at once');
    expect((await post('/imports/products/check', 'not json')).status).toBe(400);
    const huge = await post(
      '/imports/products/check',
      JSON.stringify({ rows: 'x'.repeat(13 * 1024 * 1024) }),
    );
    expect(huge.status).toBe(413);
    expect(huge.body.errors[0].detail).toBe('Send at most 12 MiB of JSON.');
    const hugeBatch = await post(
      '/imports/products/create',
      JSON.stringify({ rows: 'x'.repeat(2 * 1024 * 1024) }),
    );
    expect(hugeBatch.status).toBe(413);
    expect(hugeBatch.body.errors[0].detail).toBe('Send at most 1 MiB of JSON.');
    const twice = await post('/imports/products/check', {
      rows: [
        { row: 2, product: product('R-1') },
        { row: 2, product: product('R-2') },
      ],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.errors[0].detail).toBe('Each row number once');
  });

  it('is for the roles that may create products', async () => {
    const consoleDb = openConsoleDatabase(':memory:');
    await createSqliteAccountStore(consoleDb).add('sam', 'support', 'a long enough password');
    const app = testConsoleApp({ consoleDb, records: await testRecordStore() });
    const headers = {
      host: '127.0.0.1:3000',
      origin: 'http://127.0.0.1:3000',
      'content-type': 'application/json',
    };
    const signIn = await app.request('/api/session', {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'sam', password: 'a long enough password' }),
    });
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] as string;
    const answer = await app.request('/api/imports/products/create', {
      method: 'POST',
      headers: { ...headers, cookie },
      body: JSON.stringify({ rows: rows(product('IMP-30')) }),
    });
    expect(answer.status).toBe(403);
    const check = await app.request('/api/imports/products/check', {
      method: 'POST',
      headers: { ...headers, cookie },
      body: JSON.stringify({ rows: rows(product('IMP-30')) }),
    });
    expect(check.status).toBe(403);
    // Refused imports are in the audit log, as the administrator reads it.
    const entries = (await createSqliteAuditLog(consoleDb).list({ limit: 10 })).entries;
    expect(entries.map(({ person, action, status }) => ({ person, action, status }))).toEqual(
      expect.arrayContaining([
        { person: 'sam', action: 'Imported products', status: 403 },
        { person: 'sam', action: 'Checked a product import', status: 403 },
      ]),
    );
  });

  it('logs an import refused for its size or its body, and maps at most 200 columns a row', async () => {
    const { post, auditActions } = await importingConsole();
    const wide = Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`custom:C${i}`, 'x']));
    const answer = await post('/imports/products/check', { rows: rows({ ...product('W-1'), ...wide }) });
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0]).toMatchObject({
      detail: 'Map at most 200 columns a row',
      source: { pointer: '/rows/0/product' },
    });
    await post('/imports/products/create', JSON.stringify({ rows: 'x'.repeat(2 * 1024 * 1024) }));
    expect(await auditActions()).toEqual(
      expect.arrayContaining(['Checked a product import a product CSV', 'Imported products a product CSV']),
    );
  });
});

describe('a dry run of 10,000 rows', () => {
  const file = {
    rows: rows(
      ...Array.from({ length: productImportLimits.rows }, (_, i) =>
        product(`BULK-${i}`, { dimWidth: i % 10 === 0 ? -1 : 2, weight: 1.5 }),
      ),
    ),
  };

  it('is read and checked off the request thread: the event loop answers meanwhile', async () => {
    const { post } = await importingConsole();
    await post('/imports/products/check', { rows: rows(product('WARM-1')) });
    const { result, longestGapMs, tookMs } = await loopWhile(() => post('/imports/products/check', file));
    expect(result.status).toBe(200);
    expect(result.body.data.counts).toEqual({ ready: 9_000, errors: 1_000, exists: 0 });
    // Checked on this thread, the loop waits as long as the request takes.
    expect(longestGapMs).toBeLessThan(tookMs / 2);
  }, 60_000);

  it('waits its turn behind others, one at a time for everyone, and past the line gets 503', async () => {
    const { post } = await importingConsole();
    const answers = await Promise.all(Array.from({ length: 7 }, () => post('/imports/products/check', file)));
    // One running, four waiting (everyone's), one of them the person's own: the others are refused.
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(2);
    expect(statuses.filter((status) => status === 503).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
    const busy = answers.find((answer) => answer.status === 503);
    expect(busy?.body.errors[0].detail).toMatch(/Try again in \d+ s\.$/);
  }, 60_000);
});
