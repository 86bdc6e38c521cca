/**
 * bench:hostile's mixed phase: many keep-alive connections, each sending one kind of request after
 * another, picked by share: the dashboard's reads and writes beside wrong passwords, oversized and
 * malformed sign-ins, hostile search queries, webhook deliveries with bad tokens or unreadable bodies, and
 * CSV exports with odd parameters. Every kind has the answers that are right for it; the figures say, per
 * kind, how many requests, their p99, their 5xx (must be 0) and the answers that were not right. The
 * phase starts with every variant of every kind once, so that even a short run sends them all.
 */
import { spawn } from 'node:child_process';
import { Agent } from 'node:http';
import { heavyKinds } from './hostile-heavy-records';
import {
  badDeliveries,
  badSignInBodies,
  exportPaths,
  hostileQueries,
  hostileSearchParameters,
} from './hostile-inputs';
import {
  count,
  isBusy,
  note,
  type Outcome,
  percentile,
  type SendOptions,
  send,
  statusSummary,
} from './hostile-requests';

type Sender = (path: string, method?: string, options?: SendOptions) => Promise<Outcome>;
type Kind = {
  name: string;
  share: number;
  rightAnswers: number[];
  /** How many different requests it sends, in turn: every run starts with each of them once. */
  variants: number;
  send: (sender: Sender, turn: number) => Promise<Outcome>;
};
/** What a person would feel: a cheap request (GET /healthz) every 10 ms while the phase runs. */
export type ProbeFigures = { sent: number; longestWaitMs: number; p99Ms: number; unanswered: number };

export type KindFigures = {
  name: string;
  requests: number;
  p99: number;
  serverErrors: number;
  wrongAnswers: number;
  statuses: string;
};

const orders = '/api/warehouse/v1/orders';
const webhooks = '/api/webhooks/warehouse';

/** The item of `items` whose turn it is: each kind's variants go round, so none is left out by chance. */
function inTurn<T>(items: readonly T[], turn: number): T {
  return items[turn % items.length] as T;
}

export async function runMixedLoad({
  port,
  connections,
  seconds,
  webhookToken,
  heavy,
}: {
  port: number;
  connections: number;
  seconds: number;
  webhookToken: string;
  /** With the heavy kinds (hostile-heavy-records.ts), whose records must have been delivered. */
  heavy: boolean;
}): Promise<{ summary: string; rate: number; kinds: KindFigures[]; probe: ProbeFigures }> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  // Bad webhook tokens come from another loopback address: the console pauses that address after a few,
  // and the deliveries that carry the right token must still be taken from 127.0.0.1.
  const strangerAgent = new Agent({ keepAlive: true, maxSockets: Math.max(1, connections / 10) });
  const server = { port };
  const sendWith =
    (through: Agent): Sender =>
    (path, method = 'GET', options = {}) =>
      send(server, through, method, path, { timeoutMs: 10_000, ...options });
  const read = async (path: string) => JSON.parse((await sendWith(agent)(path)).body || '{}').data;

  // New orders copy a demo order's warehouse and address, with a product of the demo catalog.
  const productCode: string = (await read('/api/warehouse/v1/products?limit=1'))?.products?.[0]?.productCode;
  const model = (await read(`${orders}?PrimaryReference=SO-100003`))?.orders?.[0];
  const runId = crypto.randomUUID().slice(0, 8);
  const created: { id: string; body: Record<string, unknown> }[] = [];
  let sequence = 0;
  const createOrder = async (sender: Sender) => {
    sequence += 1;
    const body = {
      warehouseCode: model?.warehouseCode,
      primaryReference: `HOSTILE-${runId}-${sequence}`,
      note: 'created',
      shipToAddress: model?.shipToAddress,
      orderLines: [{ productCode, quantity: 2 }],
    };
    const outcome = await sender(orders, 'POST', { body: JSON.stringify(body) });
    const id = outcome.status === 200 ? JSON.parse(outcome.body).data?.id : undefined;
    if (typeof id === 'string') created.push({ id, body });
    return outcome;
  };
  // One order to change from the start.
  await createOrder(sendWith(agent));
  const delivery = (body: string, token: string) => ({
    body,
    headers: { 'content-type': 'application/json', 'x-webhook-token': token },
  });
  const signInNames = ['admin', 'support', 'manager', 'ops'];
  const badTokens = ['', 'guess', webhookToken.slice(1), `${webhookToken}x`];

  const kinds: Kind[] = [
    {
      name: 'order by reference',
      share: 20,
      rightAnswers: [200],
      variants: 1,
      send: (sender) => sender(`${orders}?PrimaryReference=SO-${100_001 + Math.floor(Math.random() * 150)}`),
    },
    {
      name: 'order list',
      share: 8,
      rightAnswers: [200],
      variants: 1,
      send: (sender) => sender(`${orders}?limit=50`),
    },
    {
      name: 'product list',
      share: 8,
      rightAnswers: [200],
      variants: 1,
      send: (sender) => sender('/api/warehouse/v1/products?limit=50'),
    },
    { name: 'order created', share: 10, rightAnswers: [200], variants: 1, send: createOrder },
    {
      name: 'order changed',
      share: 4,
      rightAnswers: [200],
      variants: 1,
      send: (sender, turn) => {
        const order = inTurn(created, turn);
        return sender(`${orders}/${order.id}`, 'PATCH', {
          body: JSON.stringify({ ...order.body, note: `changed ${sequence}` }),
        });
      },
    },
    {
      // A few names over and over: the console pauses a name (and an address) after several failures.
      name: 'sign-in, wrong password',
      share: 8,
      // 503 with Retry-After: passwords are checked in a line of their own.
      rightAnswers: [401, 429, 503],
      variants: signInNames.length,
      send: (sender, turn) =>
        sender('/api/session', 'POST', {
          body: JSON.stringify({ name: inTurn(signInNames, turn), password: crypto.randomUUID() }),
        }),
    },
    {
      name: 'sign-in, malformed or oversized',
      share: 3,
      rightAnswers: [400, 413, 429],
      variants: badSignInBodies.length,
      send: (sender, turn) => sender('/api/session', 'POST', { body: inTurn(badSignInBodies, turn) }),
    },
    {
      name: 'search, hostile query',
      share: 12,
      // 503 with Retry-After: searches wait in a line of their own.
      rightAnswers: [200, 400, 503],
      variants: hostileQueries.length,
      send: (sender, turn) =>
        sender(
          `/api/search?q=${encodeURIComponent(inTurn(hostileQueries, turn))}${inTurn(hostileSearchParameters, turn)}`,
        ),
    },
    {
      // In the header or as the query parameter.
      name: 'webhook, bad token',
      share: 4,
      rightAnswers: [401, 429],
      variants: badTokens.length,
      send: (_, turn) => {
        const token = inTurn(badTokens, turn);
        const stranger = sendWith(strangerAgent);
        return turn % 2 === 0
          ? stranger(webhooks, 'POST', { localAddress: '127.0.0.2', ...delivery('{}', token) })
          : stranger(`${webhooks}?token=${encodeURIComponent(token)}`, 'POST', {
              localAddress: '127.0.0.2',
              body: '{}',
              headers: { 'content-type': 'application/json' },
            });
      },
    },
    {
      // The console answers 200 to every delivery past the token (else the operator retries forever).
      name: 'webhook, unreadable body',
      share: 5,
      rightAnswers: [200, 413],
      variants: badDeliveries.length,
      send: (sender, turn) => sender(webhooks, 'POST', delivery(inTurn(badDeliveries, turn), webhookToken)),
    },
    {
      name: 'CSV export',
      share: 6,
      // 503 with Retry-After: exports wait in a line of their own.
      rightAnswers: [200, 400, 503],
      variants: exportPaths.length,
      send: (sender, turn) => sender(inTurn(exportPaths, turn)),
    },
    ...(heavy ? heavyKinds() : []),
  ];
  const turns = new Map<Kind, number>();
  const takeTurn = (kind: Kind) => {
    const turn = turns.get(kind) ?? 0;
    turns.set(kind, turn + 1);
    return turn;
  };
  const totalShare = kinds.reduce((sum, kind) => sum + kind.share, 0);
  const pickKind = () => {
    let left = Math.random() * totalShare;
    for (const kind of kinds) {
      left -= kind.share;
      if (left < 0) return kind;
    }
    return kinds.at(-1) as Kind;
  };

  const perKind = new Map(
    kinds.map((kind) => [kind.name, { latencies: [] as number[], outcomes: [] as Outcome[] }]),
  );
  const latencies: number[] = [];
  const outcomes: Outcome[] = [];
  const probe = await probeWhile(server);
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  const firstPass = kinds.flatMap((kind) => Array<Kind>(kind.variants).fill(kind));
  const worker = async () => {
    const sender = sendWith(agent);
    while ((firstPass.length > 0 || performance.now() < deadline) && outcomes.length < 2_000_000) {
      const kind = firstPass.shift() ?? pickKind();
      const begin = performance.now();
      const outcome = await kind.send(sender, takeTurn(kind));
      const took = performance.now() - begin;
      latencies.push(took);
      outcomes.push(outcome);
      perKind.get(kind.name)?.latencies.push(took);
      perKind.get(kind.name)?.outcomes.push(outcome);
      note(`mixed, ${kind.name}`, outcome);
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  const probed = await probe.stop();
  agent.destroy();
  strangerAgent.destroy();
  const elapsed = (performance.now() - started) / 1000;
  const rate = outcomes.length / elapsed;
  latencies.sort((a, b) => a - b);

  const figures = kinds.map((kind): KindFigures => {
    const { latencies: own, outcomes: answered } = perKind.get(kind.name) ?? { latencies: [], outcomes: [] };
    own.sort((a, b) => a - b);
    const wrong = new Map<string, number>();
    for (const outcome of answered)
      if (!kind.rightAnswers.includes(outcome.status) || (outcome.status === 503 && !isBusy(outcome)))
        count(wrong, String(outcome.status));
    return {
      name: kind.name,
      requests: answered.length,
      p99: percentile(own, 99),
      serverErrors: answered.filter((outcome) => outcome.status >= 500 && !isBusy(outcome)).length,
      wrongAnswers: [...wrong.values()].reduce((sum, times) => sum + times, 0),
      statuses: statusSummary(answered),
    };
  });
  const summary = `${outcomes.length} requests in ${elapsed.toFixed(1)} s = ${Math.round(rate)}/s, p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms`;
  return { summary, rate, kinds: figures, probe: probed };
}

/**
 * GET /healthz every 10 ms from a process of its own (hostile-probe.ts), so that the load generator's own
 * work never delays it: what a person would feel of the load. Resolves once the probe's connections are
 * open, as a person's page is before the load begins.
 */
async function probeWhile(server: { port: number }) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/hostile-probe.ts', String(server.port)],
    {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`the probe exited (${code}) before it was ready`)));
  });
  return {
    stop: () =>
      new Promise<ProbeFigures>((resolve) => {
        child.once('message', (figures: ProbeFigures) => resolve(figures));
        child.send('stop');
      }),
  };
}
