/**
 * bench:hostile's probe, in a process of its own: GET /healthz every 10 ms, however long the last one
 * takes, until the parent says stop; then it sends the longest wait, the p99 and how many got no answer
 * within 10 s (an answer later than 10 s counts as none).
 *
 * What a person with the console open would feel: a browser keeps up to 6 connections to a host, open
 * before the load begins (BENCH_PROBE_SOCKETS changes how many). New connections wait for another reason:
 * Node takes one new connection a turn of its event loop (libuv since 1.45), so a probe allowed hundreds
 * of sockets measures how fast a flood of newcomers is let in, not what a person already there feels.
 */
import { Agent } from 'node:http';
import { percentile, send } from './hostile-requests';

const server = { port: Number(process.argv[2]) };
const sockets = Math.max(1, Number(process.env.BENCH_PROBE_SOCKETS) || 6);
const agent = new Agent({ keepAlive: true, maxSockets: sockets });
const waits: number[] = [];
const pending: Promise<void>[] = [];
let unanswered = 0;

const probe = () => {
  const begin = performance.now();
  return send(server, agent, 'GET', '/healthz', { timeoutMs: 10_000 }).then((outcome) => {
    if (outcome.status !== 200) unanswered += 1;
    else waits.push(performance.now() - begin);
  });
};

// A browser's connections open (as a page that has loaded) before the parent starts the load.
await Promise.all(Array.from({ length: Math.min(sockets, 6) }, probe));
waits.length = 0;
unanswered = 0;
process.send?.('ready');
const timer = setInterval(() => pending.push(probe()), 10);

process.on('message', async () => {
  clearInterval(timer);
  await Promise.all(pending);
  agent.destroy();
  waits.sort((a, b) => a - b);
  process.send?.(
    {
      sent: pending.length,
      longestWaitMs: waits.at(-1) ?? Number.NaN,
      p99Ms: percentile(waits, 99),
      unanswered,
    },
    () => process.exit(0),
  );
});
process.on('disconnect', () => process.exit(0));
