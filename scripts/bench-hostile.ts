/**
 * `npm run bench:hostile`: the console under hostile load, measured (not a test). The console runs in a
 * child process (the embedded sandbox in memory with the demo data, as `npm start` would run it), so that
 * its event loop is measured alone; a small wrapper there reports the longest event-loop stall and the
 * peak memory of each phase over IPC. This process sends, only to 127.0.0.1 and bounded in count and
 * time (every request has a timeout):
 *   - amplification: 16 copies at once of 990 KB bodies of 330,000 empty order lines;
 *   - deep nesting (100,000 levels) and 100,000-element arrays;
 *   - bodies over 1 MiB (announced and chunked), and a 413 followed by a second request on the same
 *     keep-alive connection;
 *   - slow-loris headers, slow bodies and 4,000 idle connections, while normal requests go on;
 *   - 200 connections of mixed reads and writes for BENCH_SECONDS (default 30).
 * Then it prints the largest answer, the longest stall, the peak RSS, the 5xx answers, the crashes, the
 * mixed phase's rate and a verdict. Goal: no 5xx and no crash (and no stall over about 100 ms).
 * Writes carry the console's own Origin and a JSON content type, as the console will require.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

type PhaseFigures = { stallMs: number; longestGcMs: number; peakRssBytes: number };
type ChildMessage = { type: 'ready'; url: string } | ({ type: 'figures' } & PhaseFigures);

// ---------------------------------------------------------------------------------------------------
// The child: the console with a probe of its own event loop and memory.

async function runConsoleChild(): Promise<void> {
  const { loadDotEnv, readServerConfig } = await import('../src/server/config');
  const { embeddedSandboxDefaults, startConsole } = await import('../src/server/start-console');
  loadDotEnv(process.env.ENV_FILE ?? '.env');
  const running = await startConsole({
    config: readServerConfig(),
    distDir: null,
    sandboxSettings: embeddedSandboxDefaults(),
  });
  // Measured from here: the demo seed's second of start-up is not a request.
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let peakRss = process.memoryUsage.rss();
  let lifetimePeak = process.resourceUsage().maxRSS * 1024;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
  }, 50);
  sampler.unref();
  // Garbage collection pauses too, to tell them from requests that hold the loop.
  let longestGc = 0;
  new PerformanceObserver((entries) => {
    for (const entry of entries.getEntries()) longestGc = Math.max(longestGc, entry.duration);
  }).observe({ entryTypes: ['gc'] });

  /** The figures since the last call; a stall can hide a peak from the sampler, not from maxRSS. */
  const figures = (): PhaseFigures => {
    const maxRss = process.resourceUsage().maxRSS * 1024;
    const result = {
      stallMs: delay.max / 1e6,
      longestGcMs: longestGc,
      peakRssBytes: Math.max(peakRss, maxRss > lifetimePeak ? maxRss : 0),
    };
    delay.reset();
    longestGc = 0;
    peakRss = process.memoryUsage.rss();
    lifetimePeak = maxRss;
    return result;
  };
  process.on('message', (message: { type: string }) => {
    if (message.type === 'figures') process.send?.({ type: 'figures', ...figures() });
    if (message.type === 'stop') running.close().finally(() => process.exit(0));
  });
  // Without the parent nobody reads the figures: stop.
  process.on('disconnect', () => process.exit(0));
  process.send?.({ type: 'ready', url: running.url });
}

// ---------------------------------------------------------------------------------------------------
// The parent: load, bookkeeping and the report.

const mixedSeconds = Number(process.env.BENCH_SECONDS ?? 30);
const mixedConnections = 200;

class ConsoleChild {
  private stderr = '';
  private pending: ((message: ChildMessage) => void) | undefined;
  exited: Promise<{ code: number | null; signal: string | null }>;
  alive = true;

  private constructor(
    readonly process: ChildProcess,
    readonly url: string,
  ) {
    this.exited = new Promise((resolve) =>
      process.once('exit', (code, signal) => {
        this.alive = false;
        resolve({ code, signal });
      }),
    );
    process.stderr?.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString()).slice(-20_000);
    });
    process.on('message', (message: ChildMessage) => {
      const waiting = this.pending;
      this.pending = undefined;
      waiting?.(message);
    });
  }

  static start(): Promise<ConsoleChild> {
    // BENCH_CONSOLE_NODE_ARGS passes flags to the console's node, for example "--cpu-prof" to profile it.
    const nodeArgs = (process.env.BENCH_CONSOLE_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const child = spawn(
      process.execPath,
      [...nodeArgs, '--import', 'tsx', 'scripts/bench-hostile.ts', 'console'],
      {
        env: {
          ...process.env,
          ENV_FILE: '',
          PORT: '0',
          HOST: '127.0.0.1',
          WAREHOUSE_BASE_URL: '',
          WAREHOUSE_ORGANIZATION: '',
          SANDBOX_DB: ':memory:',
          SANDBOX_SEED: 'demo',
          SANDBOX_AUTOPILOT: 'off',
        },
        // stdout carries the console's request log: not read here.
        stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      },
    );
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the console did not start within 60 s')), 60_000);
      child.once('message', (message: ChildMessage) => {
        clearTimeout(timer);
        if (message.type === 'ready') resolve(new ConsoleChild(child, message.url));
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the console exited with ${code} while starting`));
      });
    });
  }

  get port(): number {
    return Number(new URL(this.url).port);
  }

  /** The longest stall and the peak memory since the last call; null when the child is gone. */
  figures(): Promise<PhaseFigures | null> {
    if (!this.alive || !this.process.connected) return Promise.resolve(null);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(null), 30_000);
      this.pending = (message) => {
        clearTimeout(timer);
        resolve(message.type === 'figures' ? message : null);
      };
      this.process.send({ type: 'figures' });
    });
  }

  /** The line of its error output that says why it stopped (V8's fatal error, an uncaught error). */
  lastErrors(): string {
    const lines = this.stderr.trim().split('\n');
    return lines.find((line) => /FATAL ERROR|Error:/.test(line))?.trim() ?? lines.at(-1) ?? '';
  }

  async stop(): Promise<void> {
    if (this.alive) this.process.send({ type: 'stop' });
    const stopped = await Promise.race([this.exited, sleep(10_000).then(() => null)]);
    if (stopped === null) this.process.kill('SIGKILL');
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

type Outcome = { status: number; bytes: number; body: string; code?: string; failure?: string };

const record = {
  largestAnswer: { bytes: 0, where: '' },
  serverErrors: new Map<string, number>(),
  noAnswers: new Map<string, number>(),
  crashes: [] as string[],
  phases: [] as { name: string; summary: string; figures: PhaseFigures | null }[],
};

function count(map: Map<string, number>, key: string) {
  map.set(key, (map.get(key) ?? 0) + 1);
}

function note(phase: string, outcome: Outcome) {
  if (outcome.bytes > record.largestAnswer.bytes)
    record.largestAnswer = { bytes: outcome.bytes, where: phase };
  if (outcome.status >= 500)
    count(record.serverErrors, `${phase}: ${outcome.status} ${outcome.code ?? ''}`.trim());
  if (outcome.failure) count(record.noAnswers, `${phase}: ${outcome.failure}`);
}

function errorCodeOf(body: string): string | undefined {
  try {
    return JSON.parse(body).errors?.[0]?.code;
  } catch {
    return undefined;
  }
}

/** One request through `agent`, never longer than `timeoutMs`; failures come back as an outcome. */
function send(
  server: ConsoleChild,
  agent: Agent,
  method: string,
  path: string,
  { body, timeoutMs = 30_000 }: { body?: string | Buffer; timeoutMs?: number } = {},
): Promise<Outcome> {
  const writes = method !== 'GET' && method !== 'HEAD';
  const headers: Record<string, string> = writes
    ? { origin: `http://127.0.0.1:${server.port}`, 'content-type': 'application/json' }
    : {};
  return new Promise((resolve) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port: server.port,
        method,
        path,
        headers,
        agent,
        signal: AbortSignal.timeout(timeoutMs),
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const status = incoming.statusCode ?? 0;
          resolve({
            status,
            bytes: Buffer.byteLength(text),
            body: text,
            code: status >= 400 ? errorCodeOf(text) : undefined,
          });
        });
        incoming.on('error', (error) =>
          resolve({ status: 0, bytes: 0, body: '', failure: describeFailure(error) }),
        );
      },
    );
    outgoing.on('error', (error) =>
      resolve({ status: 0, bytes: 0, body: '', failure: describeFailure(error) }),
    );
    outgoing.end(body);
  });
}

function describeFailure(error: Error & { code?: string }): string {
  return error.name === 'TimeoutError' || error.name === 'AbortError'
    ? 'no answer in time'
    : (error.code ?? error.name);
}

function statusSummary(outcomes: Outcome[]): string {
  const statuses = new Map<string, number>();
  for (const outcome of outcomes)
    count(statuses, outcome.failure ?? `${outcome.status}${outcome.code ? ` ${outcome.code}` : ''}`);
  return [...statuses].map(([status, times]) => `${times}× ${status}`).join(', ');
}

// ---------------------------------------------------------------------------------------------------
// The phases. Each returns a one-line summary.

type Phase = { name: string; run: (server: ConsoleChild) => Promise<string> };

/** Requests sent all at once, each on a connection of its own; built only when the phase runs. */
function requestsPhase(
  name: string,
  requests: () => { method: string; path: string; body: string }[],
  timeoutMs: number,
): Phase {
  return {
    name,
    async run(server) {
      const agent = new Agent({ keepAlive: false });
      const outcomes = await Promise.all(
        requests().map((item) => send(server, agent, item.method, item.path, { body: item.body, timeoutMs })),
      );
      for (const outcome of outcomes) note(name, outcome);
      const largest = Math.max(...outcomes.map((outcome) => outcome.bytes));
      return `${statusSummary(outcomes)}; largest answer ${formatBytes(largest)}`;
    },
  };
}

const orders = '/api/warehouse/v1/orders';
const amplification = requestsPhase(
  'amplification: 16 × 990 KB of 330,000 empty order lines',
  () => {
    const body = `{"orderLines":[${Array(330_000).fill('{}').join(',')}]}`;
    return Array.from({ length: 16 }, () => ({ method: 'POST', path: orders, body }));
  },
  180_000,
);

const deep = 100_000;
const nesting = requestsPhase(
  'deep nesting: 100,000 levels',
  () => [
    { method: 'POST', path: orders, body: `${'['.repeat(deep)}${']'.repeat(deep)}` },
    { method: 'POST', path: orders, body: `{"orderLines":${'['.repeat(deep)}${']'.repeat(deep)}}` },
    { method: 'POST', path: orders, body: `{"note":${'{"a":'.repeat(deep)}1${'}'.repeat(deep)}}` },
    { method: 'POST', path: orders, body: '['.repeat(deep) },
    {
      method: 'PATCH',
      path: `${orders}/0f3a`,
      body: `{"orderLines":${'['.repeat(deep)}${']'.repeat(deep)}}`,
    },
  ],
  60_000,
);

const arrays = requestsPhase(
  'arrays of 100,000 elements',
  () => [
    { method: 'POST', path: orders, body: `{"orderLines":[${Array(100_000).fill('0').join(',')}]}` },
    { method: 'POST', path: orders, body: `{"orderLines":[${Array(100_000).fill('"a"').join(',')}]}` },
    { method: 'POST', path: orders, body: `[${Array(100_000).fill('null').join(',')}]` },
    {
      method: 'POST',
      path: '/api/warehouse/v1/products',
      body: `{"productCode":[${Array(100_000).fill('1').join(',')}]}`,
    },
    {
      method: 'POST',
      path: '/api/warehouse/v1/receives',
      body: `{"receiveLines":[${Array(100_000).fill('{}').join(',')}]}`,
    },
  ],
  60_000,
);

/** The first complete answer in `text` (status line, headers, content-length body), if there is one. */
function firstAnswer(text: string): { status: number; head: string; body: string } | null {
  const headEnd = text.indexOf('\r\n\r\n');
  if (headEnd < 0) return null;
  const head = text.slice(0, headEnd);
  const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
  const body = text.slice(headEnd + 4, headEnd + 4 + length);
  return Buffer.byteLength(body) < length ? null : { status: Number(text.slice(9, 12)), head, body };
}

/**
 * A body over the limit on a keep-alive connection, then, unless the answer said `connection: close`,
 * a second request on the same connection.
 */
async function afterRefusedBody(server: ConsoleChild, sendBody: boolean): Promise<string> {
  const body = 'x'.repeat(2 * 1024 * 1024);
  const host = `127.0.0.1:${server.port}`;
  const socket: Socket = connect(server.port, '127.0.0.1');
  let text = '';
  let failure: string | undefined;
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    text += chunk;
  });
  socket.on('error', (error: Error & { code?: string }) => {
    failure = error.code ?? error.name;
  });
  let closedAt: number | undefined;
  socket.once('close', () => {
    closedAt = performance.now();
  });
  socket.write(
    `POST ${orders} HTTP/1.1\r\nhost: ${host}\r\norigin: http://${host}\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n`,
  );
  if (sendBody) socket.write(body);
  const how = sendBody ? 'body sent' : 'body held back';
  const waitFor = async (done: () => boolean) => {
    for (let waited = 0; waited < 10_000 && !done(); waited += 20) await sleep(20);
  };
  await waitFor(() => firstAnswer(text) !== null || closedAt !== undefined);
  const first = firstAnswer(text);
  if (first === null) {
    socket.destroy();
    return `${how}: no answer${failure ? ` (${failure})` : ''}`;
  }
  note('body over 1 MiB', {
    status: first.status,
    bytes: Buffer.byteLength(first.body),
    body: first.body,
    code: errorCodeOf(first.body),
  });
  const answeredAt = performance.now();
  if (/\r\nconnection: close/i.test(first.head)) {
    await waitFor(() => closedAt !== undefined);
    socket.destroy();
    if (closedAt === undefined)
      return `${how}: ${first.status} with connection: close, but the connection stayed open`;
    const when = closedAt <= answeredAt ? 'with it' : `${Math.round(closedAt - answeredAt)} ms later`;
    return `${how}: ${first.status} with connection: close, connection closed ${when}${failure ? ` (the client saw ${failure} writing the rest of the body)` : ' cleanly'}`;
  }
  const firstLength = text.length;
  socket.write(`GET /api/config HTTP/1.1\r\nhost: ${host}\r\n\r\n`);
  await waitFor(() => firstAnswer(text.slice(firstLength)) !== null || closedAt !== undefined);
  const second = firstAnswer(text.slice(firstLength));
  socket.destroy();
  return second
    ? `${how}: ${first.status} keeping the connection, the next request on it answered ${second.status}`
    : `${how}: ${first.status} advertising keep-alive, but the next request on it got no answer (BROKEN)`;
}

const oversized: Phase = {
  name: 'bodies over 1 MiB, and a 413 on a keep-alive connection',
  async run(server) {
    const agent = new Agent({ keepAlive: false });
    const chunked = await new Promise<Outcome>((resolve) => {
      // No content-length: the limit must be found while reading.
      const outgoing = request(
        {
          host: '127.0.0.1',
          port: server.port,
          method: 'POST',
          path: orders,
          agent,
          headers: { origin: `http://127.0.0.1:${server.port}`, 'content-type': 'application/json' },
          signal: AbortSignal.timeout(30_000),
        },
        (incoming) => {
          let text = '';
          incoming.setEncoding('utf8');
          incoming.on('data', (chunk: string) => {
            text += chunk;
          });
          incoming.on('end', () =>
            resolve({
              status: incoming.statusCode ?? 0,
              bytes: text.length,
              body: text,
              code: errorCodeOf(text),
            }),
          );
        },
      );
      outgoing.on('error', (error) =>
        resolve({ status: 0, bytes: 0, body: '', failure: describeFailure(error) }),
      );
      for (let piece = 0; piece < 40; piece++) outgoing.write('x'.repeat(64 * 1024));
      outgoing.end();
    });
    note('body over 1 MiB', chunked);
    const announced = await afterRefusedBody(server, true);
    const heldBack = await afterRefusedBody(server, false);
    return `chunked 2.5 MiB: ${statusSummary([chunked])}; ${announced}; ${heldBack}`;
  },
};

type Held = { socket: Socket; openedAt: number; closedAfterMs?: number; received: string };

/** Opens a connection and keeps what it receives and when the server closes it. */
function hold(server: ConsoleChild, start?: string): Promise<Held> {
  return new Promise((resolve) => {
    const held: Held = {
      socket: connect(server.port, '127.0.0.1'),
      openedAt: performance.now(),
      received: '',
    };
    held.socket.setEncoding('utf8');
    held.socket.on('data', (chunk: string) => {
      held.received += chunk;
    });
    held.socket.on('error', () => {});
    held.socket.once('close', () => {
      held.closedAfterMs = performance.now() - held.openedAt;
    });
    held.socket.once('connect', () => {
      if (start) held.socket.write(start);
      resolve(held);
    });
    held.socket.once('error', () => resolve(held));
  });
}

function closings(kind: string, sockets: Held[]): string {
  const closed = sockets.filter((held) => held.closedAfterMs !== undefined);
  const slowest = Math.max(0, ...closed.map((held) => held.closedAfterMs ?? 0));
  const answered408 = sockets.filter((held) => held.received.startsWith('HTTP/1.1 408')).length;
  return `${kind}: ${closed.length}/${sockets.length} closed by the server (the last after ${(slowest / 1000).toFixed(1)} s)${answered408 ? `, ${answered408} with 408` : ''}`;
}

const slowAndIdle: Phase = {
  name: 'slow and idle connections: 50 slow-loris, 50 slow bodies, 4,000 idle',
  async run(server) {
    const host = `127.0.0.1:${server.port}`;
    const loris = await Promise.all(
      Array.from({ length: 50 }, () => hold(server, `GET /api/config HTTP/1.1\r\nhost: ${host}\r\n`)),
    );
    const slowBodies = await Promise.all(
      Array.from({ length: 50 }, () =>
        hold(
          server,
          `POST ${orders} HTTP/1.1\r\nhost: ${host}\r\norigin: http://${host}\r\ncontent-type: application/json\r\ncontent-length: 10000\r\n\r\n{`,
        ),
      ),
    );
    const idle: Held[] = [];
    for (let batch = 0; batch < 40; batch++)
      idle.push(...(await Promise.all(Array.from({ length: 100 }, () => hold(server)))));
    const trickle = setInterval(() => {
      for (const held of loris) if (held.socket.writable) held.socket.write('x-slow: 1\r\n');
      for (const held of slowBodies) if (held.socket.writable) held.socket.write(' ');
    }, 1_000);
    // Normal requests go on meanwhile, each on a connection of its own, until every slow or idle one is gone.
    const agent = new Agent({ keepAlive: false });
    const normal: Outcome[] = [];
    const all = [...loris, ...slowBodies, ...idle];
    const deadline = performance.now() + 45_000;
    while (performance.now() < deadline && all.some((held) => held.closedAfterMs === undefined)) {
      const outcome = await send(server, agent, 'GET', `${orders}?PrimaryReference=SO-100003`, {
        timeoutMs: 10_000,
      });
      note('normal requests beside slow and idle connections', outcome);
      normal.push(outcome);
      await sleep(100);
    }
    clearInterval(trickle);
    for (const held of all) held.socket.destroy();
    const succeeded = normal.filter((outcome) => outcome.status === 200).length;
    return [
      closings('slow-loris headers', loris),
      closings('slow bodies', slowBodies),
      closings('idle', idle),
      `normal requests meanwhile: ${succeeded}/${normal.length} answered 200`,
    ].join('; ');
  },
};

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

let mixedRate = Number.NaN;

const mixed: Phase = {
  name: `mixed reads and writes: ${mixedConnections} connections for ${mixedSeconds} s`,
  async run(server) {
    const agent = new Agent({ keepAlive: true, maxSockets: mixedConnections });
    const read = async (path: string) =>
      JSON.parse((await send(server, agent, 'GET', path, { timeoutMs: 30_000 })).body || '{}').data;
    // New orders copy a demo order's warehouse and address, with a product of the demo catalog.
    const productCode: string = (await read('/api/warehouse/v1/products?limit=1'))?.products?.[0]
      ?.productCode;
    const model = (await read(`${orders}?PrimaryReference=SO-100003`))?.orders?.[0];
    const runId = crypto.randomUUID().slice(0, 8);
    const created: { id: string; body: Record<string, unknown> }[] = [];
    const orderBody = (primaryReference: string, note: string) => ({
      warehouseCode: model?.warehouseCode,
      primaryReference,
      note,
      shipToAddress: model?.shipToAddress,
      orderLines: [{ productCode, quantity: 2 }],
    });
    let sequence = 0;
    const latencies: number[] = [];
    const outcomes: Outcome[] = [];
    const deadline = performance.now() + mixedSeconds * 1000;
    const started = performance.now();
    const worker = async () => {
      while (performance.now() < deadline && outcomes.length < 2_000_000) {
        const pick = Math.random();
        const begin = performance.now();
        let outcome: Outcome;
        if (pick < 0.4) {
          const reference = `SO-${100_001 + Math.floor(Math.random() * 150)}`;
          outcome = await send(server, agent, 'GET', `${orders}?PrimaryReference=${reference}`, {
            timeoutMs: 10_000,
          });
        } else if (pick < 0.55) {
          outcome = await send(server, agent, 'GET', `${orders}?limit=50`, { timeoutMs: 10_000 });
        } else if (pick < 0.75) {
          outcome = await send(server, agent, 'GET', '/api/warehouse/v1/products?limit=50', {
            timeoutMs: 10_000,
          });
        } else if (pick < 0.9 || created.length === 0) {
          sequence += 1;
          const body = orderBody(`HOSTILE-${runId}-${sequence}`, 'created');
          outcome = await send(server, agent, 'POST', orders, {
            body: JSON.stringify(body),
            timeoutMs: 10_000,
          });
          const id = outcome.status === 200 ? JSON.parse(outcome.body).data?.id : undefined;
          if (typeof id === 'string') created.push({ id, body });
        } else {
          const order = created[Math.floor(Math.random() * created.length)] as (typeof created)[number];
          const body = { ...order.body, note: `changed ${sequence}` };
          outcome = await send(server, agent, 'PATCH', `${orders}/${order.id}`, {
            body: JSON.stringify(body),
            timeoutMs: 10_000,
          });
        }
        latencies.push(performance.now() - begin);
        outcomes.push(outcome);
        note('mixed', outcome);
      }
    };
    await Promise.all(Array.from({ length: mixedConnections }, worker));
    agent.destroy();
    const seconds = (performance.now() - started) / 1000;
    mixedRate = outcomes.length / seconds;
    latencies.sort((a, b) => a - b);
    return `${outcomes.length} requests in ${seconds.toFixed(1)} s = ${Math.round(mixedRate)}/s, p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms; ${statusSummary(outcomes)}`;
  },
};

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${bytes} B`;
}

/**
 * Waits until the console answers a trivial request quickly again: work a phase started (a request the
 * console gave up on is still being handled by the sandbox) counts against that phase, not the next.
 */
async function settle(server: ConsoleChild): Promise<void> {
  const agent = new Agent({ keepAlive: false });
  let quick = 0;
  for (
    const deadline = performance.now() + 180_000;
    quick < 3 && server.alive && performance.now() < deadline;
  ) {
    const begin = performance.now();
    const outcome = await send(server, agent, 'GET', '/api/config', { timeoutMs: 60_000 });
    quick = outcome.status === 200 && performance.now() - begin < 20 ? quick + 1 : 0;
    await sleep(50);
  }
}

async function runParent(): Promise<void> {
  const phases = [amplification, nesting, arrays, oversized, slowAndIdle, mixed];
  // A last resort: whatever happens, the benchmark ends by itself.
  const watchdog = setTimeout(() => {
    console.error('bench:hostile: gave up after 20 minutes');
    process.exit(2);
  }, 20 * 60_000);
  watchdog.unref();

  let child = await ConsoleChild.start();
  console.log(
    `console in child process ${child.process.pid} at ${child.url} (embedded sandbox in memory, demo data)`,
  );
  for (const phase of phases) {
    if (!child.alive) child = await ConsoleChild.start();
    await child.figures(); // starts the phase's measurement afresh
    const started = performance.now();
    let summary: string;
    try {
      summary = await phase.run(child);
      await settle(child);
    } catch (error) {
      summary = `the phase failed: ${error instanceof Error ? error.message : String(error)}`;
    }
    const figures = await child.figures();
    if (!child.alive) {
      const { code, signal } = await child.exited;
      record.crashes.push(`${phase.name}: exit ${code ?? signal} ${child.lastErrors()}`);
    }
    const took = ((performance.now() - started) / 1000).toFixed(1);
    record.phases.push({ name: phase.name, summary, figures });
    console.log(`\n${phase.name} (${took} s)\n  ${summary}`);
    console.log(
      figures
        ? `  longest event-loop stall ${figures.stallMs.toFixed(0)} ms (longest GC pause ${figures.longestGcMs.toFixed(0)} ms), peak RSS ${formatBytes(figures.peakRssBytes)}`
        : '  no figures: the console had exited',
    );
  }
  await child.stop();

  const measured = record.phases.filter((phase) => phase.figures !== null);
  const worstStall = measured.reduce(
    (worst, phase) => ((phase.figures?.stallMs ?? 0) > (worst?.figures?.stallMs ?? -1) ? phase : worst),
    measured[0],
  );
  const worstRss = measured.reduce(
    (worst, phase) =>
      (phase.figures?.peakRssBytes ?? 0) > (worst?.figures?.peakRssBytes ?? -1) ? phase : worst,
    measured[0],
  );
  const serverErrors = [...record.serverErrors.values()].reduce((sum, times) => sum + times, 0);
  const stallMs = worstStall?.figures?.stallMs ?? Number.NaN;
  console.log('\nsummary');
  console.log(
    `  largest answer seen: ${formatBytes(record.largestAnswer.bytes)} (${record.largestAnswer.where})`,
  );
  console.log(`  longest event-loop stall: ${stallMs.toFixed(0)} ms (${worstStall?.name})`);
  console.log(
    `  peak memory (RSS): ${formatBytes(worstRss?.figures?.peakRssBytes ?? 0)} (${worstRss?.name})`,
  );
  console.log(`  5xx answers: ${serverErrors}`);
  for (const [where, times] of record.serverErrors) console.log(`    ${times}× ${where}`);
  const unanswered = [...record.noAnswers.values()].reduce((sum, times) => sum + times, 0);
  console.log(`  requests without an answer: ${unanswered}`);
  for (const [where, times] of record.noAnswers) console.log(`    ${times}× ${where}`);
  console.log(`  crashes: ${record.crashes.length}`);
  for (const crash of record.crashes) console.log(`    ${crash}`);
  console.log(`  mixed phase: ${Math.round(mixedRate)} requests/s`);
  const met = serverErrors === 0 && record.crashes.length === 0;
  console.log(
    `verdict: ${met ? 'goal met' : 'goal NOT met'} (0 5xx and 0 crashes: ${serverErrors} 5xx, ${record.crashes.length} crashes); stalls ${stallMs <= 100 ? 'within' : 'OVER'} about 100 ms (${stallMs.toFixed(0)} ms)`,
  );
}

if (process.argv[2] === 'console') await runConsoleChild();
else await runParent();
