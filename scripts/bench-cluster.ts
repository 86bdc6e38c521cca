/**
 * Cluster benchmark (not a test): a team's consoles on one PostgreSQL, on loopback.
 *   - PostgreSQL: CONSOLE_DATABASE_URL when set (a schema of the run's own, dropped at the end), else a
 *     throwaway server of this run that commits as a production one does (fsync and synchronous commits on).
 *   - The index is filled with BENCH_ORDERS orders and BENCH_RECEIVES receives shaped like the demo's.
 *   - Three consoles (src/server/main.ts, each its own process, CONSOLE_DATABASE_URL set) behind a small
 *     round-robin proxy in this process, which passes each request to the next console and, should a
 *     console not answer at all, to the one after (as a load balancer does).
 *   - Webhook deliveries made beforehand in the shapes the operator sends (newer versions, new orders,
 *     duplicates, stale ones) are POSTed through the proxy for BENCH_SECONDS over BENCH_CONNECTIONS
 *     keep-alive connections. Goal: >= 2,000 deliveries/s in all, 0 answers other than 200, p99 <= 50 ms.
 *   - Half way, the third console is killed with SIGKILL: nothing answered 200 may be lost.
 *   - A live stream (/api/events) on the first console throughout: it must hear every change the change
 *     log holds, in order, none twice, p99 <= 1 s from the delivery's answer; then a stream opened on the
 *     second console with Last-Event-ID must replay exactly what came after that id.
 *   - CPU per delivery of the consoles, of PostgreSQL's processes and of this process (proxy and load), and
 *     the capacity formula of docs/deployment.md beside the run's rate.
 *   - Afterwards the index must equal the operator record by record (the newest version of each).
 *
 *   npm run bench:cluster   (BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_ORDERS, BENCH_RECEIVES;
 *                            BENCH_CONSOLE_NODE_ARGS adds node flags to the consoles, e.g. --cpu-prof;
 *                            --short: 2,000 orders, 2 s of deliveries, goals not enforced)
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPostgresDatabase } from '#server/database/postgres-schema';
import { webhookPath } from '#server/record-index/intake/webhook-receiver';
import { isUnreadable, readWarehouseDocument } from '#server/record-index/records/indexed-document';
import { startConsoleProcess, stopProcess } from '../e2e/support/console-process';
import { type BenchIndexes, benchIndexes } from './bench-index-engine';
import { cpuSeconds, goalVerdict, mustHold, quantileOf, runLoad, shortMode, sized } from './bench-support';
import { startClusterProxy } from './cluster-proxy';
import {
  createDemoCopies,
  type DemoCopies,
  makeDeliveries,
  readDemoTemplates,
} from './demo-shaped-documents';
import { listenTo } from './live-stream-reader';

const setting = (name: string, fallback: number, min: number) =>
  Math.max(min, Number(process.env[name] ?? fallback) || fallback);
const SECONDS = setting('BENCH_SECONDS', sized(60, 2), 1);
const CONNECTIONS = setting('BENCH_CONNECTIONS', 24, 1);
const ORDERS = setting('BENCH_ORDERS', sized(50_000, 2_000), 1_000);
const RECEIVES = setting('BENCH_RECEIVES', sized(5_000, 200), 100);
const CONSOLES = 3;
const TOKEN = 'bench-cluster-webhook-token';
const goals = { deliveriesPerSecond: 2_000, p99Ms: 50, liveP99Ms: 1_000 };
const count = (value: number) => value.toLocaleString('en-US');
const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;

/** A delivery made beforehand: its body, and the version it carries. */
type Delivery = { body: string; key: string; updatedMs: number };

/** Each body made as bench:index makes them, with the version it carries. */
function makeVersionedDeliveries(copies: DemoCopies, total: number): Delivery[] {
  const bodies = makeDeliveries(copies, {
    total,
    seed: 'bench-cluster-deliveries',
    orders: ORDERS,
    receives: RECEIVES,
    firstNewOrder: ORDERS,
  });
  return bodies.map((body) => {
    const read = readWarehouseDocument(JSON.parse(body));
    if (isUnreadable(read)) throw new Error(read.reason);
    return { body, key: `${read.family} ${read.reference}`, updatedMs: read.updatedMs };
  });
}

/** One console of the team in a child process, as `npm start` runs it with CONSOLE_DATABASE_URL set. */
function startTeamConsole(url: string, directory: string) {
  const nodeArgs = (process.env.BENCH_CONSOLE_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const env = {
    CONSOLE_DATABASE_URL: url,
    PORT: '0',
    WAREHOUSE_BASE_URL: 'http://127.0.0.1:9',
    WAREHOUSE_API_KEY: 'bench-key-not-used-here',
    WEBHOOK_TOKEN: TOKEN,
    SYNC_INTERVAL: 'off',
    ENV_FILE: '',
  };
  return startConsoleProcess(env, directory, nodeArgs);
}

async function fill(indexes: BenchIndexes, place: string, copies: DemoCopies): Promise<number> {
  const { store, close } = await indexes.open(place);
  const started = performance.now();
  const page = (make: (index: number) => object, from: number, to: number) =>
    Array.from({ length: to - from }, (_, offset) => {
      const read = readWarehouseDocument(make(from + offset));
      if (isUnreadable(read)) throw new Error(read.reason);
      return read;
    });
  for (let from = 0; from < ORDERS; from += 500)
    await store.applyAll(page(copies.order, from, Math.min(ORDERS, from + 500)), 'sync');
  for (let from = 0; from < RECEIVES; from += 500)
    await store.applyAll(page(copies.receive, from, Math.min(RECEIVES, from + 500)), 'sync');
  await close();
  return (performance.now() - started) / 1000;
}

/** The cores the consoles (`pids`) and PostgreSQL use at rest, over a few seconds with no delivery. */
async function idleCpu(pids: (number | undefined)[], database: () => number) {
  const seconds = sized(3, 1);
  const consoles = () => pids.reduce<number>((sum, pid) => sum + cpuSeconds(pid), 0);
  const before = { consoles: consoles(), database: database() };
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  return {
    consoles: (consoles() - before.consoles) / seconds,
    database: (database() - before.database) / seconds,
  };
}

/**
 * CPU per delivery on each side, and the capacity formula of docs/deployment.md checked against the run:
 * the cores' seconds over the sum of the sides' CPU per delivery is the rate these cores would carry with
 * nothing else on them; the run's own rate is lower by what else the machine ran meanwhile.
 */
function printCapacity(
  cpu: { consoles: number; database: number; proxyAndLoad: number },
  idle: { consoles: number; database: number },
  deliveries: number,
  wallSeconds: number,
) {
  const perDelivery = (seconds: number) => (seconds * 1e6) / deliveries;
  const consoleUs = perDelivery(cpu.consoles);
  const databaseUs = perDelivery(cpu.database);
  const proxyUs = perDelivery(cpu.proxyAndLoad);
  const used = cpu.consoles + cpu.database + cpu.proxyAndLoad;
  const added = (seconds: number, atRest: number) => perDelivery(seconds - atRest * wallSeconds);
  console.log(
    `  CPU per delivery: consoles ${consoleUs.toFixed(0)} µs (a core of console carries ${count(Math.round(1e6 / consoleUs))}/s), ` +
      `PostgreSQL ${databaseUs.toFixed(0)} µs (a core of database carries ${count(Math.round(1e6 / databaseUs))}/s), ` +
      `proxy and load generator ${proxyUs.toFixed(0)} µs`,
  );
  console.log(
    `  at rest beforehand the three consoles used ${idle.consoles.toFixed(3)} of a core, PostgreSQL ${idle.database.toFixed(3)}; ` +
      `over that a delivery added ${added(cpu.consoles, idle.consoles).toFixed(0)} µs of console and ${added(cpu.database, idle.database).toFixed(0)} µs of PostgreSQL`,
  );
  const cores = cpus().length;
  const formula = (cores * 1e6) / (consoleUs + databaseUs + proxyUs);
  console.log(
    `  ${count(Math.round(deliveries / used))} deliveries per CPU-second of the three sides (${(used / wallSeconds).toFixed(2)} of ${cores} cores busy with them, load average ${loadavg()[0]?.toFixed(1)}); ` +
      `by the formula these ${cores} cores alone carry ${count(Math.round(formula))}/s, the run had ${count(Math.round(deliveries / wallSeconds))}/s`,
  );
}

async function main(): Promise<void> {
  console.log(
    `Cluster benchmark: ${CONSOLES} consoles on one PostgreSQL, ${cpus().length} cores, load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}${shortMode ? ' (short mode: goals not enforced)' : ''}`,
  );
  const directory = mkdtempSync(join(tmpdir(), 'bench-cluster-'));
  const indexes = await benchIndexes(directory, 'postgres');
  const children: ChildProcess[] = [];
  try {
    const copies = createDemoCopies(await readDemoTemplates(), { orderCount: ORDERS });
    const url = await indexes.place('cluster');
    const fillSeconds = await fill(indexes, url, copies);
    console.log(
      `  PostgreSQL: ${indexes.where}; filled with ${count(ORDERS)} orders and ${count(RECEIVES)} receives in ${fillSeconds.toFixed(1)} s`,
    );
    const consoles = await Promise.all(
      Array.from({ length: CONSOLES }, () => startTeamConsole(url, directory)),
    );
    children.push(...consoles.map(({ child }) => child));
    const proxy = await startClusterProxy(consoles.map(({ url }) => url));
    const deliveries = makeVersionedDeliveries(copies, SECONDS * 4_000);
    const stream = await listenTo(`${consoles[0]?.url}/api/events`);
    // What the consoles and PostgreSQL spend at rest (polls, timers, background writers): measured apart,
    // so that the CPU a delivery adds is told from what the sides cost whatever comes.
    const idle = await idleCpu(
      consoles.map(({ child }) => child.pid),
      () => indexes.serverCpuSeconds(),
    );
    const answeredAt = new Map<string, number>();
    const answered200: Delivery[] = [];
    const killAt = performance.now() + (SECONDS * 1000) / 2;
    let killed = false;
    // CPU over the deliveries: the consoles (the third's read as it is killed), PostgreSQL's processes and
    // this one (the proxy and the load generator).
    const consolesBefore = consoles.map(({ child }) => cpuSeconds(child.pid));
    const consolesAfter = [...consolesBefore];
    const databaseBefore = indexes.serverCpuSeconds();
    const ownBefore = process.cpuUsage();
    const result = await runLoad(proxy.url, {
      name: 'deliveries',
      connections: CONNECTIONS,
      seconds: SECONDS,
      maxRequests: deliveries.length,
      headers: { 'x-webhook-token': TOKEN, 'content-type': 'application/json' },
      request: (index) => {
        if (!killed && performance.now() >= killAt) {
          killed = true;
          consolesAfter[2] = cpuSeconds(consoles[2]?.child.pid);
          consoles[2]?.child.kill('SIGKILL');
        }
        const made = deliveries[index - 1];
        return made ? { method: 'POST', path: webhookPath, body: made.body } : null;
      },
      answered: (index, status) => {
        const made = deliveries[index - 1] as Delivery;
        if (status !== 200) return;
        answered200.push(made);
        const version = `${made.key} ${made.updatedMs}`;
        if (!answeredAt.has(version)) answeredAt.set(version, performance.now());
      },
    });
    const own = process.cpuUsage(ownBefore);
    for (const [index, { child }] of consoles.entries())
      if (index !== 2 || !killed) consolesAfter[index] = cpuSeconds(child.pid);
    const cpu = {
      consoles: consolesAfter.reduce((sum, after, index) => sum + after - (consolesBefore[index] ?? 0), 0),
      database: indexes.serverCpuSeconds() - databaseBefore,
      proxyAndLoad: (own.user + own.system) / 1e6,
    };
    const met =
      result.perSecond >= goals.deliveriesPerSecond && result.failures === 0 && result.p99 <= goals.p99Ms;
    console.log(
      `  deliveries through the proxy: ${count(result.requests)} in ${result.seconds.toFixed(1)} s = ${count(Math.round(result.perSecond))}/s  p50 ${ms(result.p50)}  p99 ${ms(result.p99)}  max ${ms(result.max)}  non-200: ${result.failures} ${JSON.stringify(result.statuses)}` +
        `  (goal ≥ ${count(goals.deliveriesPerSecond)}/s, all 200, p99 ≤ ${goals.p99Ms} ms: ${goalVerdict(met)})`,
    );
    printCapacity(cpu, idle, result.requests, result.seconds);
    console.log(
      `  console 3 killed with SIGKILL half way (${killed ? 'done' : 'the run ended first'}); the proxy passed ${count(proxy.retried())} requests it could not deliver there to the next console`,
    );

    const db = await openPostgresDatabase(url);
    const { rows: log } = await db.query<{
      seq: string;
      kind: string;
      reference: string;
      updated_ms: string;
    }>('SELECT seq, kind, reference, updated_ms FROM record_changes ORDER BY seq');
    const lastSeq = Number(log.at(-1)?.seq ?? 0);
    const heard = await stream.until(lastSeq, 10_000);
    const logged = log.map((row) => Number(row.seq));
    const heardSeqs = heard.map((change) => change.seq);
    const firstHeard = heardSeqs[0] ?? 0;
    const expectedSeqs = logged.filter((seq) => seq >= firstHeard);
    const duplicates = heardSeqs.length - new Set(heardSeqs).size;
    const inOrder = heardSeqs.every((seq, index) => index === 0 || seq > (heardSeqs[index - 1] as number));
    const missed = expectedSeqs.filter((seq) => !heardSeqs.includes(seq)).length;
    const delays = heard
      .flatMap((change) => {
        const family = change.kind === 'order' ? 'order' : 'receive';
        const at = answeredAt.get(`${family} ${change.reference} ${Date.parse(change.updated)}`);
        return at === undefined ? [] : [Math.max(0, change.heardAt - at)];
      })
      .sort((a, b) => a - b);
    const liveMet =
      missed === 0 && duplicates === 0 && inOrder && quantileOf(delays, 0.99) <= goals.liveP99Ms;
    console.log(
      `  live stream on console 1: heard ${count(heard.length)} changes committed through all three, missed ${missed}, twice ${duplicates}, in order ${inOrder ? 'yes' : 'NO'}; ` +
        `from the delivery's answer p50 ${ms(quantileOf(delays, 0.5))}  p99 ${ms(quantileOf(delays, 0.99))}  (goal no gap, no duplicate, p99 ≤ ${goals.liveP99Ms} ms: ${goalVerdict(liveMet)})`,
    );
    // A browser away for a moment: fewer changes than the feed replays (500) before it resets instead.
    const from = logged[Math.max(0, logged.length - 300)] ?? 0;
    const replay = await listenTo(`${consoles[1]?.url}/api/events`, String(from));
    const replayed = (await replay.until(lastSeq, 10_000)).map((change) => change.seq);
    const replayExact = JSON.stringify(replayed) === JSON.stringify(logged.filter((seq) => seq > from));
    console.log(
      `  Last-Event-ID ${from} on console 2: replayed ${count(replayed.length)} changes, ${replayExact ? 'exactly those after it' : 'NOT exactly those after it'}`,
    );
    replay.close();
    stream.close();

    // The operator's newest version of each record delivered; what was answered 200 must be held.
    const newest = new Map<string, number>();
    for (const made of deliveries.slice(0, result.requests))
      newest.set(made.key, Math.max(newest.get(made.key) ?? 0, made.updatedMs));
    const { rows: held } = await db.query<{ family: string; reference: string; updated_ms: string }>(
      "SELECT family, reference, updated_ms FROM records WHERE family != 'product'",
    );
    const heldMs = new Map(held.map((row) => [`${row.family} ${row.reference}`, Number(row.updated_ms)]));
    const lost = answered200.filter((made) => (heldMs.get(made.key) ?? 0) < made.updatedMs).length;
    // Older versions than the index's fill are stale: the operator's newest is then the fill's.
    const behind = [...newest].filter(([key, updatedMs]) => (heldMs.get(key) ?? 0) < updatedMs).length;
    console.log(
      `  afterwards: ${count(newest.size)} records delivered; the index holds the operator's newest version of ${count(newest.size - behind)}, is behind on ${behind}; answered 200 and lost: ${lost}`,
    );
    await db.end();
    await proxy.close();
    mustHold(lost === 0, 'no delivery answered 200 is lost');
    mustHold(behind === 0, 'the index ends equal to the operator');
    mustHold(
      missed === 0 && duplicates === 0 && inOrder,
      'the live stream hears every change once, in order',
    );
    mustHold(replayExact, 'Last-Event-ID replays exactly what was missed');
    // A full run that misses a goal says so in its exit code, as the other benchmarks do.
    if (!shortMode && !(met && liveMet)) process.exitCode = 1;
  } finally {
    await Promise.all(children.map((child) => stopProcess(child)));
    await indexes.close();
    rmSync(directory, { recursive: true, force: true });
  }
}

await main();
