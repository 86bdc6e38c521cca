/**
 * What the benchmark scripts share: the short mode, goal verdicts, a cheap keep-alive HTTP/1.1 load
 * generator, the sandbox in a child process (the console's is e2e/support/console-process.ts), CPU seconds
 * of a process, and percentiles. Benchmarks are scripts; scripts/benchmarks.test.ts runs each one's short mode.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';

/**
 * Short mode (`--short` or BENCH_SHORT=1): small data and few runs, so that `npm test` runs every
 * benchmark in seconds and a broken one fails it. Its figures mean little: goals are printed, not enforced.
 */
export const shortMode = process.argv.includes('--short') || process.env.BENCH_SHORT === '1';

/** The arguments after the script's name, less `--short`. */
export const benchArguments = process.argv.slice(2).filter((argument) => argument !== '--short');

/** `full` in a normal run, `short` in short mode. */
export function sized<T>(full: T, short: T): T {
  return shortMode ? short : full;
}

/** "met" or "NOT met"; a goal missed fails a full run (exit code 1), not a short one. */
export function goalVerdict(met: boolean): string {
  if (!met && !shortMode) process.exitCode = 1;
  return met ? 'met' : 'NOT met';
}

/** A result that must hold in every run, short ones included (no 5xx, nothing lost): else exit code 1. */
export function mustHold(held: boolean, what: string): void {
  if (held) return;
  console.error(`FAILED: ${what}`);
  process.exitCode = 1;
}

/** The value at `quantile` (0 to 1) of ascending `sorted` samples. */
export function quantileOf(sorted: number[], quantile: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * quantile))] ?? Number.NaN;
}

/**
 * CPU seconds a process has used so far (Linux /proc), to tell the server's share of the work from the
 * client's.
 */
export function cpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/**
 * CPU seconds (user and system) of a process and its children: its own, its children's that ended (cutime
 * and cstime) and those of its children still running, read from Linux /proc. For PostgreSQL's postmaster
 * this is the whole server: every backend, the WAL writer, the checkpointer, autovacuum.
 */
export function processTreeCpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  const statOf = (of: number | string) => {
    try {
      return readFileSync(`/proc/${of}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    } catch {
      return null;
    }
  };
  const ticks = (fields: string[], withChildren: boolean) =>
    Number(fields[11]) + Number(fields[12]) + (withChildren ? Number(fields[13]) + Number(fields[14]) : 0);
  const own = statOf(pid);
  if (!own) return Number.NaN;
  let total = ticks(own, true);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statOf(entry);
    if (fields && Number(fields[1]) === pid) total += ticks(fields, true);
  }
  return total / 100;
}

/**
 * Starts the sandbox (src/sandbox/main.ts) in a child process on a free port of 127.0.0.1 over `dbFile`,
 * without seed or autopilot, and resolves with its address. `nodeArgs` go to its node (e.g. --cpu-prof).
 */
export async function startSandboxProcess(
  dbFile: string,
  nodeArgs: string[] = [],
): Promise<{ child: ChildProcess; url: string }> {
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

/**
 * One keep-alive HTTP/1.1 connection on a plain socket: a minimal client, so that the load generator
 * spends little of the shared CPU (Node's http client costs about as much per request as the server).
 */
export class Connection {
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

export type LoadRequest = { method: string; path: string; body?: string };

function requestText(hostname: string, headers: Record<string, string>, request: LoadRequest): string {
  const { method, path, body } = request;
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  if (body !== undefined) {
    lines.push(`content-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n`);
  }
  return `${method} ${path} HTTP/1.1\r\nhost: ${hostname}\r\n${lines.join('')}\r\n${body ?? ''}`;
}

export type LoadResult = {
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
 * Closed-loop load: `connections` keep-alive connections, each sending its next request when the last
 * answered, until `seconds` have passed, `maxRequests` were sent, or `request` returns null.
 */
export async function runLoad(
  url: string,
  {
    name,
    connections,
    seconds,
    maxRequests,
    headers,
    request,
    answered = () => {},
  }: {
    name: string;
    connections: number;
    seconds: number;
    maxRequests: number;
    headers: Record<string, string>;
    request: (index: number) => LoadRequest | null;
    /** Hears each request's status as it is answered, by the index `request` was called with. */
    answered?: (index: number, status: number) => void;
  },
): Promise<LoadResult> {
  const { hostname, port } = new URL(url);
  const host = new URL(url).host;
  const open = await Promise.all(
    Array.from({ length: connections }, () => Connection.open(hostname, Number(port))),
  );
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  let sent = 0;
  let failures = 0;
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();

  await Promise.all(
    open.map(async (connection) => {
      while (sent < maxRequests && performance.now() < deadline) {
        sent += 1;
        const index = sent;
        const next = request(index);
        if (next === null) break;
        const text = requestText(host, headers, next);
        const begin = performance.now();
        const status = await connection.send(text);
        answered(index, status);
        latencies.push(performance.now() - begin);
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (status !== 200) failures += 1;
      }
      connection.close();
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    name,
    requests: latencies.length,
    seconds: elapsed,
    perSecond: latencies.length / elapsed,
    p50: quantileOf(latencies, 0.5),
    p99: quantileOf(latencies, 0.99),
    max: latencies.at(-1) ?? 0,
    failures,
    statuses,
  };
}

/**
 * Builds the dashboard (vite build) into `directory`/dist, where a console started there serves it: two
 * benchmarks at once never share the repository's dist/. Exits when the build fails.
 */
export function buildDashboard(directory: string): void {
  const build = spawnSync(
    process.execPath,
    [
      'node_modules/vite/bin/vite.js',
      'build',
      '--logLevel',
      'warn',
      '--outDir',
      join(directory, 'dist'),
      '--emptyOutDir',
    ],
    { stdio: 'inherit' },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}
