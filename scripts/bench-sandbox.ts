/**
 * Sandbox benchmark (not a test): fills 100,000 orders, then measures on loopback, from this process,
 * against the sandbox running in a child process:
 *   - GET /warehouse/v1/orders?PrimaryReference=<random existing reference>
 *   - POST /warehouse/v1/orders (new references)
 * Each phase is bounded in count and time. Goal on a 2-core machine: >= 10,000 GET/s,
 * >= 2,000 creates/s, p99 < 10 ms.
 *
 *   npm run bench:sandbox   (BENCH_ORDERS, BENCH_CONNECTIONS, BENCH_SECONDS override the defaults;
 *                            BENCH_SERVER_NODE_ARGS adds node flags to the server, e.g. --cpu-prof)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Order } from '../src/contract/order';
import { createSandboxApp } from '../src/sandbox/app';
import { readSandboxConfig } from '../src/sandbox/config';
import { createSandboxStore, openDatabase } from '../src/sandbox/store';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
// Enough connections to keep the one-threaded server busy; more only queue (latency = connections / rate).
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
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
        body: JSON.stringify(orderBody('BENCH-TEMPLATE')),
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

function orderBody(primaryReference: string) {
  return {
    warehouseCode: 'LAW',
    primaryReference,
    shipToAddress: {
      address: {
        addressLine1: '1 Main St',
        city: 'Los Angeles',
        state: 'CA',
        postalCode: '90001',
        country: 'US',
      },
      contact: { personName: 'Ada Buyer', emailAddress: 'ada@example.com' },
    },
    orderLines: [{ productCode: 'BENCH-1', quantity: 2 }],
  };
}

async function startServer(dbFile: string): Promise<{ child: ChildProcess; url: string }> {
  // BENCH_SERVER_NODE_ARGS passes flags to the server's node, for example "--cpu-prof" to profile it.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/sandbox/main.ts'], {
    env: {
      ...process.env,
      SANDBOX_PORT: '0',
      SANDBOX_DB: dbFile,
      SANDBOX_SEED: 'none',
      SANDBOX_AUTOPILOT: 'off',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the sandbox printed no address:\n${output}`)), 20_000);
    child.stdout?.on('data', (chunk) => {
      output += chunk;
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', (code) => reject(new Error(`the sandbox exited with ${code}:\n${output}`)));
  });
  return { child, url };
}

/** CPU seconds a process has used so far (Linux /proc), to tell the server's share of the work from the client's. */
function cpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

type Phase = { name: string; request: (index: number) => { method: string; path: string; body?: string } };
type Result = {
  name: string;
  requests: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
  failures: number;
  statuses: Record<number, number>;
};

/**
 * One keep-alive HTTP/1.1 connection on a plain socket: a minimal client, so that the load generator
 * spends little of the shared CPU (Node's http client costs about as much per request as the server).
 */
class Connection {
  private buffer: Buffer = Buffer.alloc(0);
  private waiting: ((status: number) => void) | undefined;

  private constructor(private readonly socket: net.Socket) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => {
      this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
      this.parse();
    });
  }

  static open(hostname: string, port: number): Promise<Connection> {
    return new Promise((resolve, reject) => {
      const socket = net.connect({ host: hostname, port }, () => resolve(new Connection(socket)));
      socket.once('error', reject);
    });
  }

  send(text: string): Promise<number> {
    return new Promise((resolve) => {
      this.waiting = resolve;
      this.socket.write(text);
    });
  }

  close() {
    this.socket.destroy();
  }

  /** Completes the waiting request once its whole response (Content-Length or chunked) is buffered. */
  private parse() {
    const headerEnd = this.buffer.indexOf('\r\n\r\n');
    if (headerEnd < 0 || !this.waiting) return;
    const head = this.buffer.subarray(0, headerEnd).toString('latin1');
    const status = Number(head.slice(9, 12));
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    let end: number;
    if (length) {
      end = headerEnd + 4 + Number(length[1]);
      if (this.buffer.length < end) return;
    } else {
      let at = headerEnd + 4;
      for (;;) {
        const lineEnd = this.buffer.indexOf('\r\n', at);
        if (lineEnd < 0) return;
        const size = Number.parseInt(this.buffer.subarray(at, lineEnd).toString('latin1'), 16);
        at = lineEnd + 2 + size + 2;
        if (this.buffer.length < at) return;
        if (size === 0) break;
      }
      end = at;
    }
    this.buffer = this.buffer.subarray(end);
    const resolve = this.waiting;
    this.waiting = undefined;
    resolve(status);
  }
}

function requestText(hostname: string, method: string, path: string, body?: string): string {
  const bodyHeaders =
    body === undefined
      ? ''
      : `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n`;
  return `${method} ${path} HTTP/1.1\r\nhost: ${hostname}\r\nx-api-key: ${API_KEY}\r\n${bodyHeaders}\r\n${body ?? ''}`;
}

/** Closed-loop load: CONNECTIONS keep-alive connections, each sending its next request when the last answered. */
async function run(url: string, phase: Phase): Promise<Result> {
  const { hostname, port } = new URL(url);
  const connections = await Promise.all(
    Array.from({ length: CONNECTIONS }, () => Connection.open(hostname, Number(port))),
  );
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  let sent = 0;
  let failures = 0;
  const deadline = performance.now() + SECONDS * 1000;
  const started = performance.now();

  await Promise.all(
    connections.map(async (connection) => {
      while (sent < MAX_REQUESTS && performance.now() < deadline) {
        sent += 1;
        const { method, path, body } = phase.request(sent);
        const begin = performance.now();
        const status = await connection.send(requestText(hostname, method, path, body));
        latencies.push(performance.now() - begin);
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (status !== 200) failures += 1;
      }
      connection.close();
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (quantile: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * quantile))] ?? 0;
  return {
    name: phase.name,
    requests: latencies.length,
    seconds,
    perSecond: latencies.length / seconds,
    p50: at(0.5),
    p99: at(0.99),
    max: latencies.at(-1) ?? 0,
    failures,
    statuses,
  };
}

async function measure(url: string, pid: number | undefined, phase: Phase): Promise<Result> {
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

function report(result: Result, goal: number) {
  const verdict =
    result.perSecond >= goal && result.p99 < 10 && result.failures === 0
      ? 'meets the goal'
      : 'MISSES the goal';
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
    const started = await startServer(dbFile);
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
        body: JSON.stringify(orderBody(`NEW-${runId}-${index}`)),
      }),
    });
    report(post, 2_000);
  } finally {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server?.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(directory, { recursive: true, force: true });
  }
}

await main();
