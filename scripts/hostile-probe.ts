/**
 * bench:hostile's probe, in a process of its own: GET /healthz every 10 ms on connections of its own,
 * however long the last one takes, until the parent says stop; then it sends the longest wait, the p99
 * and how many got no answer within 10 s. An answer later than 10 s counts as none.
 */
import { Agent } from 'node:http';
import { percentile, send } from './hostile-requests';

const server = { port: Number(process.argv[2]) };
const agent = new Agent({ keepAlive: true, maxSockets: 1000 });
const waits: number[] = [];
const pending: Promise<void>[] = [];
let unanswered = 0;
const timer = setInterval(() => {
  const begin = performance.now();
  pending.push(
    send(server, agent, 'GET', '/healthz', { timeoutMs: 10_000 }).then((outcome) => {
      if (outcome.status !== 200) unanswered += 1;
      else waits.push(performance.now() - begin);
    }),
  );
}, 10);

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
