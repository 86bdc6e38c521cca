/**
 * `npm run bench:hostile`: the console under hostile load, measured (not a test). The console runs in a
 * child process (the embedded sandbox in memory with the demo data, as `npm start` would run it), so that
 * its event loop is measured alone; a small wrapper there reports the longest event-loop stall and the
 * peak memory of each phase over IPC. This process sends, only to loopback and bounded in count and
 * time (every request has a timeout):
 *   - amplification: 16 copies at once of 990 KB bodies of 330,000 empty order lines;
 *   - deep nesting (100,000 levels) and 100,000-element arrays;
 *   - bodies over 1 MiB (announced and chunked), and a 413 followed by a second request on the same
 *     keep-alive connection;
 *   - slow-loris headers, slow bodies and 4,000 idle connections, while normal requests go on;
 *   - 200 connections for BENCH_SECONDS (default 30) of mixed reads and writes, wrong passwords,
 *     oversized sign-ins, hostile searches, webhooks with bad tokens or bodies, and exports
 *     (scripts/hostile-mixed-load.ts).
 * Then it prints the largest answer, the longest stall, the peak RSS, the 5xx answers (per kind of request
 * in the mixed phase), the crashes, the mixed phase's rate and a verdict. Goal: no 5xx, no crash and no
 * answer outside those right for its kind (and no stall over about 100 ms); anything else fails the run.
 * `--short` (for npm test): a tenth of the sizes, 20 connections for 3 s, slow and idle connections held
 * 2 s rather than until the console closes them.
 * Writes carry the console's own Origin and a JSON content type, as the console requires.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { mustHold, sized } from './bench-support';
import { deliverHeavyRecords, heavyCounts } from './hostile-heavy-records';
import { type KindFigures, type ProbeFigures, runMixedLoad } from './hostile-mixed-load';
import {
  describeFailure,
  errorCodeOf,
  note,
  type Outcome,
  record,
  send,
  statusSummary,
} from './hostile-requests';

type PhaseFigures = { stallMs: number; longestGcMs: number; peakRssBytes: number };
type ChildMessage = { type: 'ready'; url: string } | ({ type: 'figures' } & PhaseFigures);

// ---------------------------------------------------------------------------------------------------
// The child: the console with a probe of its own event loop and memory.

async function runConsoleChild(): Promise<void> {
  const { loadDotEnv, readServerConfig } = await import('../src/server/config/config');
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

const mixedSeconds = Number(process.env.BENCH_SECONDS ?? sized(30, 3));
const mixedConnections = sized(200, 20);
const webhookToken = crypto.randomUUID();
/** Where the console's index is kept for the run (never the one `npm start` keeps); removed at its end. */
const scratch = process.argv[2] === 'console' ? '' : mkdtempSync(join(tmpdir(), 'bench-hostile-'));
if (scratch) process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));

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
          WEBHOOK_TOKEN: webhookToken,
          // The embedded sandbox on a free port too: two runs at once never meet.
          SANDBOX_PORT: '',
          // The index in a file of its own, as `npm start` keeps it: its webhooks are then written on the
          // intake thread, as in a running console (an index in memory writes them on the request thread).
          CONSOLE_DB: join(scratch, 'console.db'),
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

const crashes: string[] = [];
const phaseResults: { name: string; summary: string; figures: PhaseFigures | null }[] = [];

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
const copies = sized(16, 2);
const emptyLines = sized(330_000, 33_000);
const amplification = requestsPhase(
  `amplification: ${copies} × ${(emptyLines * 3) / 1000} KB of ${emptyLines.toLocaleString('en-US')} empty order lines`,
  () => {
    const body = `{"orderLines":[${Array(emptyLines).fill('{}').join(',')}]}`;
    return Array.from({ length: copies }, () => ({ method: 'POST', path: orders, body }));
  },
  180_000,
);

const deep = sized(100_000, 10_000);
const elements = deep;
const nesting = requestsPhase(
  `deep nesting: ${deep.toLocaleString('en-US')} levels`,
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
  `arrays of ${elements.toLocaleString('en-US')} elements`,
  () => [
    { method: 'POST', path: orders, body: `{"orderLines":[${Array(elements).fill('0').join(',')}]}` },
    { method: 'POST', path: orders, body: `{"orderLines":[${Array(elements).fill('"a"').join(',')}]}` },
    { method: 'POST', path: orders, body: `[${Array(elements).fill('null').join(',')}]` },
    {
      method: 'POST',
      path: '/api/warehouse/v1/products',
      body: `{"productCode":[${Array(elements).fill('1').join(',')}]}`,
    },
    {
      method: 'POST',
      path: '/api/warehouse/v1/receives',
      body: `{"receiveLines":[${Array(elements).fill('{}').join(',')}]}`,
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

const slowEach = sized(50, 5);
const idleBatches = sized(40, 1);
const slowAndIdle: Phase = {
  name: `slow and idle connections: ${slowEach} slow-loris, ${slowEach} slow bodies, ${(idleBatches * 100).toLocaleString('en-US')} idle`,
  async run(server) {
    const host = `127.0.0.1:${server.port}`;
    const loris = await Promise.all(
      Array.from({ length: slowEach }, () => hold(server, `GET /api/config HTTP/1.1\r\nhost: ${host}\r\n`)),
    );
    const slowBodies = await Promise.all(
      Array.from({ length: slowEach }, () =>
        hold(
          server,
          `POST ${orders} HTTP/1.1\r\nhost: ${host}\r\norigin: http://${host}\r\ncontent-type: application/json\r\ncontent-length: 10000\r\n\r\n{`,
        ),
      ),
    );
    const idle: Held[] = [];
    for (let batch = 0; batch < idleBatches; batch++)
      idle.push(...(await Promise.all(Array.from({ length: 100 }, () => hold(server)))));
    const trickle = setInterval(() => {
      for (const held of loris) if (held.socket.writable) held.socket.write('x-slow: 1\r\n');
      for (const held of slowBodies) if (held.socket.writable) held.socket.write(' ');
    }, 1_000);
    // Normal requests go on meanwhile, each on a connection of its own, until every slow or idle one is gone.
    const agent = new Agent({ keepAlive: false });
    const normal: Outcome[] = [];
    const all = [...loris, ...slowBodies, ...idle];
    // A short run does not wait the 30 s the console gives a slow body.
    const deadline = performance.now() + sized(45_000, 2_000);
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

const searchBurst = requestsPhase(
  'searches over large records: 60 at once (3 queries, 20 each)',
  () =>
    ['hester heavyweather', 'HSN0000', 'hester'].flatMap((query) =>
      Array.from({ length: 20 }, () => ({
        method: 'GET',
        path: `/api/search?q=${encodeURIComponent(query)}`,
        body: '',
      })),
    ),
  60_000,
);

let mixedRate = Number.NaN;
let mixedKinds: KindFigures[] = [];
let mixedProbe: ProbeFigures | null = null;

const heavyRecords: Phase = {
  name: `heavy records by webhook: a receive of ${heavyCounts.serials.toLocaleString('en-US')} serials, ${heavyCounts.smallOrders.toLocaleString('en-US')} small and ${heavyCounts.largeOrders} large orders`,
  async run(server) {
    const started = performance.now();
    await deliverHeavyRecords(server.port, webhookToken);
    return `delivered in ${((performance.now() - started) / 1000).toFixed(1)} s`;
  },
};

const mixed: Phase = {
  name: `mixed traffic: ${mixedConnections} connections for ${mixedSeconds} s`,
  async run(server) {
    const { summary, rate, kinds, probe } = await runMixedLoad({
      port: server.port,
      connections: mixedConnections,
      seconds: mixedSeconds,
      webhookToken,
      heavy: true,
    });
    mixedRate = rate;
    mixedKinds = kinds;
    mixedProbe = probe;
    const perKind = kinds.map(
      (kind) =>
        `    ${kind.name.padEnd(32)} ${String(kind.requests).padStart(6)} requests  p99 ${kind.p99.toFixed(1).padStart(7)} ms  ${kind.statuses}`,
    );
    const probed = `GET /healthz every 10 ms meanwhile: ${probe.sent} sent, longest wait ${probe.longestWaitMs.toFixed(1)} ms, p99 ${probe.p99Ms.toFixed(1)} ms, unanswered ${probe.unanswered}`;
    return [summary, ...perKind, `    ${probed}`].join('\n');
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
  // BENCH_PHASES=mixed runs only the phases whose names start with one of its words (and always the heavy
  // records the mixed phase reads), for a quicker look at one of them.
  const only = (process.env.BENCH_PHASES ?? '').split(',').filter(Boolean);
  const phases = [
    amplification,
    nesting,
    arrays,
    oversized,
    slowAndIdle,
    heavyRecords,
    searchBurst,
    mixed,
  ].filter(
    (phase) =>
      only.length === 0 || phase === heavyRecords || only.some((word) => phase.name.startsWith(word)),
  );
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
      crashes.push(`${phase.name}: exit ${code ?? signal} ${child.lastErrors()}`);
    }
    const took = ((performance.now() - started) / 1000).toFixed(1);
    phaseResults.push({ name: phase.name, summary, figures });
    console.log(`\n${phase.name} (${took} s)\n  ${summary}`);
    console.log(
      figures
        ? `  longest event-loop stall ${figures.stallMs.toFixed(0)} ms (longest GC pause ${figures.longestGcMs.toFixed(0)} ms), peak RSS ${formatBytes(figures.peakRssBytes)}`
        : '  no figures: the console had exited',
    );
  }
  await child.stop();

  const measured = phaseResults.filter((phase) => phase.figures !== null);
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
  console.log(`  5xx answers other than 503 with Retry-After: ${serverErrors}`);
  for (const [where, times] of record.serverErrors) console.log(`    ${times}× ${where}`);
  const busy = [...record.busy.values()].reduce((sum, times) => sum + times, 0);
  console.log(`  503 with Retry-After (work refused while busy): ${busy}`);
  for (const [where, times] of record.busy) console.log(`    ${times}× ${where}`);
  const unanswered = [...record.noAnswers.values()].reduce((sum, times) => sum + times, 0);
  console.log(`  requests without an answer: ${unanswered}`);
  for (const [where, times] of record.noAnswers) console.log(`    ${times}× ${where}`);
  console.log(`  crashes: ${crashes.length}`);
  for (const crash of crashes) console.log(`    ${crash}`);
  console.log(
    `  mixed phase: ${Math.round(mixedRate)} requests/s; per kind, 5xx (must be 0) and answers not right for it:`,
  );
  for (const kind of mixedKinds)
    console.log(`    ${kind.name.padEnd(32)} 5xx ${kind.serverErrors}, not right ${kind.wrongAnswers}`);
  const wrongAnswers = mixedKinds.reduce((sum, kind) => sum + kind.wrongAnswers, 0);
  const everyKindSent = mixedKinds.length > 0 && mixedKinds.every((kind) => kind.requests > 0);
  const met = serverErrors === 0 && crashes.length === 0 && wrongAnswers === 0 && everyKindSent;
  const probe = mixedProbe as ProbeFigures | null;
  const mixedRss =
    phaseResults.find((phase) => phase.name === mixed.name)?.figures?.peakRssBytes ?? Number.NaN;
  const felt =
    probe !== null && probe.longestWaitMs <= 100 && probe.unanswered === 0 && mixedRss <= 1024 ** 3;
  console.log(
    `  under the mixed load: longest wait of GET /healthz ${probe?.longestWaitMs.toFixed(1)} ms (goal <= 100 ms), unanswered within 10 s ${probe?.unanswered} (goal 0), peak RSS ${formatBytes(mixedRss)} (goal <= 1 GiB): ${felt ? 'met' : 'NOT met'}`,
  );
  console.log(
    `verdict: ${met ? 'goal met' : 'goal NOT met'} (0 5xx but 503 with Retry-After, 0 crashes, only right answers: ${serverErrors} 5xx, ${crashes.length} crashes, ${wrongAnswers} not right); stalls ${stallMs <= 100 ? 'within' : 'OVER'} about 100 ms (${stallMs.toFixed(0)} ms)`,
  );
  mustHold(met, 'the console answered 5xx, crashed or answered wrongly, or a kind of request was never sent');
}

if (process.argv[2] === 'console') await runConsoleChild();
else await runParent();
