import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../../sandbox/server';
import { enteredOrder } from '../../../sandbox/testing/test-documents';
import { openConsoleDatabase } from '../../store/sqlite/console-db';
import { testUpstream } from '../../testing/test-console-app';
import { createWarehouseReach } from '../../upstream/warehouse-reach';
import { createRecordStore } from '../store/record-store';
import { createIndexSync } from './index-sync';

const running: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((item) => item.close()));
});

async function demoSandbox(): Promise<RunningSandbox> {
  const sandbox = await startSandbox({ dbFile: ':memory:', port: 0, seed: 'demo', autopilot: false });
  running.push(sandbox);
  return sandbox;
}

const headers = { 'x-api-key': 'sandbox-key', 'content-type': 'application/json' };

describe('the sync over the listing', () => {
  it('fills an empty index with every order, receive, return and product, then takes only what changed', async () => {
    const sandbox = await demoSandbox();
    const store = createRecordStore(openConsoleDatabase(':memory:'), { organization: '' });
    const sync = createIndexSync({
      store,
      upstream: testUpstream(sandbox.url, 'sandbox-key'),
      intervalMs: 60_000,
    });

    const first = await sync.syncNow();
    expect(first.error).toBeNull();
    expect(await store.counts()).toEqual({ order: 150, receive: 30, return: 10, product: 40 });
    expect(first.stored).toBe(230);
    expect(await sync.status()).toMatchObject({ mode: 'listing', problem: null, lastRun: { stored: 230 } });
    expect((await sync.status()).checkpoints.orders).toEqual(expect.any(String));

    const picked = await fetch(`${sandbox.url}/sandbox/v1/orders/SO-100003/pick`, {
      method: 'POST',
      headers,
    });
    expect(picked.status).toBe(200);
    const second = await sync.syncNow();
    // The overlap reads a few neighbors again; only the picked order is new.
    expect(second.stored).toBe(1);
    expect(await store.find('order', 'SO-100003')).toMatchObject({ state: 'picking', source: 'sync' });
  });

  it('notices an upstream that ignores the listing extension, says so, and does not loop', async () => {
    let requests = 0;
    const ignoring = createServer((_request, response) => {
      requests += 1;
      response.writeHead(200, { 'content-type': 'application/json' });
      // Every order it has, every time, and no nextCursor: what an upstream without our extension does.
      response.end(JSON.stringify({ data: { orders: [enteredOrder()] }, id: 'x', resource: [], errors: [] }));
    });
    await new Promise<void>((resolve) => ignoring.listen(0, '127.0.0.1', resolve));
    running.push({ close: () => new Promise<void>((resolve) => ignoring.close(() => resolve())) });
    const { port } = ignoring.address() as AddressInfo;
    const store = createRecordStore(openConsoleDatabase(':memory:'), { organization: '' });
    const sync = createIndexSync({
      store,
      upstream: testUpstream(`http://127.0.0.1:${port}`, 'sandbox-key'),
      intervalMs: 60_000,
    });

    await sync.syncNow();
    await sync.syncNow();
    expect(requests).toBe(1);
    expect(await sync.status()).toMatchObject({
      mode: 'webhooks-only',
      problem: 'the orders listing has no nextCursor: the service does not page its listings',
    });
  });

  it('keeps the pages that came when a later one fails, says so, and keeps the checkpoint', async () => {
    const asked: string[] = [];
    const paging = createServer((request, response) => {
      const cursor = new URL(request.url ?? '/', 'http://x').searchParams.get('cursor');
      asked.push(cursor ?? 'first');
      if (cursor === 'page-2') {
        response.writeHead(503, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({ data: null, id: 'x', resource: [], errors: [{ code: 'unavailable' }] }),
        );
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      const order = enteredOrder({ primaryReference: 'SO-PAGE-1' });
      response.end(
        JSON.stringify({
          data: { orders: [order], nextCursor: 'page-2' },
          id: 'x',
          resource: [],
          errors: [],
        }),
      );
    });
    await new Promise<void>((resolve) => paging.listen(0, '127.0.0.1', resolve));
    running.push({ close: () => new Promise<void>((resolve) => paging.close(() => resolve())) });
    const { port } = paging.address() as AddressInfo;
    const store = createRecordStore(openConsoleDatabase(':memory:'), { organization: '' });
    const sync = createIndexSync({
      store,
      upstream: testUpstream(`http://127.0.0.1:${port}`, 'sandbox-key'),
      intervalMs: 60_000,
    });
    const run = await sync.syncNow();
    expect(asked).toEqual(['first', 'page-2']);
    expect(run).toMatchObject({ pages: 1, stored: 1 });
    expect(run.error).not.toBeNull();
    expect(await store.find('order', 'SO-PAGE-1')).not.toBeNull();
    expect(await sync.status()).toMatchObject({ mode: 'listing', checkpoints: { orders: null } });
  });

  it('reports an unreachable upstream in words and keeps its checkpoint', async () => {
    const store = createRecordStore(openConsoleDatabase(':memory:'), { organization: '' });
    const sync = createIndexSync({
      store,
      upstream: testUpstream('http://127.0.0.1:9', 'sandbox-key'),
      intervalMs: 60_000,
    });
    const run = await sync.syncNow();
    expect(run.error).toBe('the warehouse service cannot be reached');
    expect(await sync.status()).toMatchObject({ mode: 'listing', checkpoints: { orders: null } });
  });

  it('tells the warehouse reach that a sync got no answer, and that the next one did', async () => {
    let clock = 0;
    const reach = createWarehouseReach({ quietMs: 60_000, now: () => clock });
    const sandbox = await demoSandbox();
    const store = createRecordStore(openConsoleDatabase(':memory:'), { organization: '' });
    const syncOver = (url: string) =>
      createIndexSync({
        store,
        upstream: { ...testUpstream(url, 'sandbox-key'), reach },
        intervalMs: 60_000,
      });
    clock = 60_001;
    await syncOver('http://127.0.0.1:9').syncNow();
    expect(reach.current()).toMatchObject({ answering: false, lastAnsweredAt: null });
    clock = 70_000;
    await syncOver(sandbox.url).syncNow();
    expect(reach.current()).toMatchObject({
      answering: true,
      lastAnsweredAt: new Date(70_000).toISOString(),
    });
  });

  it('counts a refusal in the service’s JSON as an answer, and a page from something in front of it as none', async () => {
    let answer = { status: 401, type: 'application/json', body: '{"data":null,"errors":[{"status":"401"}]}' };
    const refusing = createServer((_request, response) => {
      response.writeHead(answer.status, { 'content-type': answer.type });
      response.end(answer.body);
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    running.push({ close: () => new Promise<void>((resolve) => refusing.close(() => resolve())) });
    let clock = 0;
    const reach = createWarehouseReach({ quietMs: 60_000, now: () => clock });
    const { port } = refusing.address() as AddressInfo;
    const sync = createIndexSync({
      store: createRecordStore(openConsoleDatabase(':memory:'), { organization: '' }),
      upstream: { ...testUpstream(`http://127.0.0.1:${port}`, 'wrong-key'), reach },
      intervalMs: 60_000,
    });
    clock = 60_001;
    expect((await sync.syncNow()).error).toBe('the warehouse service answered 401 to /warehouse/v1/orders');
    expect(reach.current()).toMatchObject({
      answering: true,
      lastAnsweredAt: new Date(60_001).toISOString(),
    });
    answer = { status: 503, type: 'text/html', body: '<h1>Maintenance</h1>' };
    clock = 120_002;
    await sync.syncNow();
    expect(reach.current()).toMatchObject({
      answering: false,
      problem: 'the warehouse service answered 503 to /warehouse/v1/orders',
    });
  });
});

describe("the sync of a team's consoles", () => {
  it('runs only on the console that leads, and its status names the leader', async () => {
    let requests = 0;
    const counting = createServer((_request, response) => {
      requests += 1;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ data: { orders: [] }, id: 'x', resource: [], errors: [] }));
    });
    await new Promise<void>((resolve) => counting.listen(0, '127.0.0.1', resolve));
    running.push({ close: () => new Promise((resolve) => counting.close(() => resolve())) });
    let leading = false;
    const sync = createIndexSync({
      store: createRecordStore(openConsoleDatabase(':memory:'), { organization: '' }),
      upstream: testUpstream(`http://127.0.0.1:${(counting.address() as AddressInfo).port}`),
      intervalMs: 50,
      leadership: {
        instanceId: 'web-2',
        leading: () => leading,
        leader: async () => ({
          instanceId: leading ? 'web-2' : 'web-1',
          sinceMs: Date.parse('2026-11-27T08:00:00Z'),
        }),
      },
    });
    running.push({ close: sync.stop });
    await sync.start();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(requests).toBe(0);
    expect((await sync.status()).team).toEqual({
      thisConsole: 'web-2',
      leader: { console: 'web-1', since: '2026-11-27T08:00:00.000Z' },
    });

    leading = true;
    await expect.poll(() => requests, { timeout: 2_000 }).toBeGreaterThan(0);
    expect((await sync.status()).team?.leader?.console).toBe('web-2');
  });
});
