/**
 * Sandbox benchmark (not a test): fills 100,000 orders, then measures on loopback, from this process,
 * against the sandbox running in a child process:
 *   - GET /warehouse/v1/orders?PrimaryReference=<random existing reference>
 *   - POST /warehouse/v1/orders (new references)
 * Each phase is bounded in count and time. Goal on a 2-core machine: >= 10,000 GET/s,
 * >= 2,000 creates/s, p99 < 10 ms.
 *
 *   npm run bench:sandbox   (BENCH_ORDERS, BENCH_CONNECTIONS, BENCH_SECONDS override the defaults;
 *                            BENCH_SERVER_NODE_ARGS adds node flags to the server, e.g. --cpu-prof;
 *                            --short: 2,000 orders, 1 s a phase, goals not enforced)
 * A goal missed fails the run; a non-200 answer fails even a short one.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Order } from '#contract/order';
import { createSandboxApp } from '#sandbox/app';
import { readSandboxConfig } from '#sandbox/config';
import { createSandboxStore, openDatabase } from '#sandbox/store';
import { orderBody } from '#sandbox/testing/request-bodies';
import { stopProcess } from '../e2e/support/console-process';
import {
  cpuSeconds,
  goalVerdict,
  type LoadRequest,
  type LoadResult,
  mustHold,
  runLoad,
  sized,
  startSandboxProcess,
} from './bench-support';

const ORDERS = Number(process.env.BENCH_ORDERS ?? sized(100_000, 2_000));
// Enough connections to keep the one-threaded server busy; more only queue (latency = connections / rate).
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const SECONDS = Number(process.env.BENCH_SECONDS ?? sized(10, 1));
const MAX_REQUESTS = 300_000;
const API_KEY = 'sandbox-key';

function randomHex(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

/** Writes the orders straight into the database file: one real order created through the app, then copies. */
async function fill(dbFile: string): Promise<void> {
  const started = performance.now();
  const config = { ...readSandboxConfig({}), dbFile, seed: 'none' as const };
  const db = openDatabase(dbFile);
  const store = createSandboxStore(db);
  const app = createSandboxApp({ store, config });
  const headers = { 'x-api-key': API_KEY, 'content-type': 'application/json' };
  await app.request('/warehouse/v1/products', {
    method: 'POST',
    headers,
    body: JSON.stringify({ productCode: 'BENCH-1', productDescription: 'Bench widget', productUnit: 'UNT' }),
  });
  const template = (
    await (
      await app.request('/warehouse/v1/orders', {
        method: 'POST',
        headers,
        body: JSON.stringify(orderBody('BENCH-TEMPLATE', 'BENCH-1')),
      })
    ).json()
  ).data as Order;
  const base = Date.parse('2026-01-01T00:00:00Z');
  store.transaction(() => {
    for (let index = 0; index < ORDERS; index += 1) {
      const at = new Date(base + index * 1000).toISOString().replace('Z', '+00:00');
      const primaryReference = `BENCH-${index}`;
      store.orders.put('default', {
        ...template,
        id: randomHex(),
        primaryReference,
        dateCreated: at,
        dateLastUpdated: at,
        shipments: template.shipments.map((shipment) => ({
          ...shipment,
          id: randomHex(),
          primaryReference,
          dateCreated: at,
          dateLastUpdated: at,
        })),
      });
    }
  });
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  console.log(`filled ${ORDERS} orders in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

type Phase = { name: string; request: (index: number) => LoadRequest };

/** Closed-loop load at the sandbox with the API key, bounded in count and time. */
function run(url: string, phase: Phase): Promise<LoadResult> {
  return runLoad(url, {
    ...phase,
    connections: CONNECTIONS,
    seconds: SECONDS,
    maxRequests: MAX_REQUESTS,
    headers: { 'x-api-key': API_KEY },
  });
}

async function measure(url: string, pid: number | undefined, phase: Phase): Promise<LoadResult> {
  const serverBefore = cpuSeconds(pid);
  const clientBefore = process.cpuUsage();
  const result = await run(url, phase);
  const client = process.cpuUsage(clientBefore);
  const serverUs = ((cpuSeconds(pid) - serverBefore) * 1e6) / result.requests;
  console.log(
    `  server CPU ${serverUs.toFixed(0)} µs/request, load generator CPU ${((client.user + client.system) / result.requests).toFixed(0)} µs/request`,
  );
  return result;
}

function report(result: LoadResult, goal: number) {
  mustHold(result.failures === 0, `${result.name}: every answer 200`);
  const verdict = goalVerdict(result.perSecond >= goal && result.p99 < 10);
  console.log(
    `${result.name.padEnd(28)} ${result.requests} requests in ${result.seconds.toFixed(1)} s = ${Math.round(result.perSecond)}/s` +
      `  p50 ${result.p50.toFixed(2)} ms  p99 ${result.p99.toFixed(2)} ms  max ${result.max.toFixed(1)} ms` +
      `  non-200: ${result.failures} ${JSON.stringify(result.statuses)}  (goal ${goal}/s, p99 < 10 ms: ${verdict})`,
  );
}

async function main() {
  const directory = mkdtempSync(join(tmpdir(), 'bench-sandbox-'));
  const dbFile = join(directory, 'sandbox.db');
  let server: ChildProcess | undefined;
  try {
    await fill(dbFile);
    const started = await startSandboxProcess(
      dbFile,
      // BENCH_SERVER_NODE_ARGS passes flags to the server's node, for example "--cpu-prof" to profile it.
      (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
    );
    server = started.child;
    console.log(
      `sandbox in child process ${server.pid} at ${started.url}; ${CONNECTIONS} connections, at most ${SECONDS} s per phase`,
    );
    // Warm-up so that JIT and page cache do not count against the first phase.
    await run(started.url, {
      name: 'warm-up',
      request: (index) => ({
        method: 'GET',
        path: `/warehouse/v1/orders?PrimaryReference=BENCH-${index % ORDERS}`,
      }),
    });
    const get = await measure(started.url, server.pid, {
      name: 'GET order by reference',
      request: () => ({
        method: 'GET',
        path: `/warehouse/v1/orders?PrimaryReference=BENCH-${Math.floor(Math.random() * ORDERS)}`,
      }),
    });
    report(get, 10_000);
    const runId = randomHex().slice(0, 8);
    const post = await measure(started.url, server.pid, {
      name: 'POST order',
      request: (index) => ({
        method: 'POST',
        path: '/warehouse/v1/orders',
        body: JSON.stringify(orderBody(`NEW-${runId}-${index}`, 'BENCH-1')),
      }),
    });
    report(post, 2_000);
  } finally {
    await stopProcess(server);
    rmSync(directory, { recursive: true, force: true });
  }
}

await main();
