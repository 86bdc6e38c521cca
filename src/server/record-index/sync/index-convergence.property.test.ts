import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, expect, it } from 'vitest';
import { budgets } from '#testing/test-budgets';
import { orderBody, productBody, receiveBody } from '../../../sandbox/testing/request-bodies';
import { createTestSandbox } from '../../../sandbox/testing/test-harness';
import { createServerApp } from '../../app';
import { readServerConfig } from '../../config/config';
import { openPostgresDatabase } from '../../database/postgres-schema';
import type { PostgresDatabase } from '../../store/postgres/postgres-database';
import { type ConsoleDatabase, openConsoleDatabase } from '../../store/sqlite/console-db';
import { simulatedClock } from '../../testing/simulated-clock';
import { testUpstream } from '../../testing/test-console-app';
import { createTestPostgresSchema } from '../../testing/test-postgres-schema';
import { isUnreadable, type RecordFamily, readWarehouseDocument } from '../records/indexed-document';
import { createPostgresRecordStore } from '../store/postgres/postgres-record-store';
import { createRecordStore } from '../store/record-store';
import type { RecordStore } from '../store/record-store-port';
import { createDriftCheck } from './drift-check';
import { createReadBack, type ReadRecord } from './read-back';

/**
 * Property: whatever changes happen at the operator (several in one second, some dated an hour ahead of
 * the clock), delivered as webhooks late, out of order, twice or never, while its API shows each change
 * up to 3 s after its webhook, and with a console restart in the middle, the index holds the operator's
 * last version of every record 30 s after the last delivery (time simulated) where that version was
 * delivered, and of every record it holds once its drift check has passed.
 */

const token = 'convergence-token';
const records = [
  ['order', 'SO-P1'],
  ['order', 'SO-P2'],
  ['receive', 'PO-P1'],
  ['receive', 'RMA-P1'],
] as const;
const dir = mkdtempSync(join(tmpdir(), 'index-convergence-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** When a change happens, when the API shows it, and when its webhooks arrive. */
const timing = fc.record({
  /** After the change before it: the same second or not; `ahead`: dated an hour ahead by the operator. */
  after: fc.constantFrom('same', 'same', 'same', 'soon', 'next', 'later', 'ahead'),
  /** How much later than its webhook the API shows it. */
  apiLagMs: fc.constantFrom(0, 0, 500, 1_500, 3_000),
  /** Each webhook of it: how late it arrives (none: dropped). */
  deliveries: fc.array(fc.nat({ max: 4_000 }), { minLength: 0, maxLength: 2 }),
});
type Timing = typeof timing extends fc.Arbitrary<infer T> ? T : never;
const stepMs = { same: 0, soon: 300, next: 1_000, later: 4_000, ahead: 300 };

const move = fc.oneof(
  fc.record({
    kind: fc.constant('order' as const),
    reference: fc.constantFrom('SO-P1', 'SO-P2'),
    move: fc.constantFrom('pick', 'hold', 'release', 'ship', 'cancel', 'split', 'correct'),
  }),
  fc.record({
    kind: fc.constant('receive' as const),
    reference: fc.constantFrom('PO-P1', 'RMA-P1'),
    move: fc.constantFrom('receive', 'finalize', 'cancel'),
  }),
);
type Move = { kind: 'order' | 'receive'; reference: string; move: string };

type Version = { family: RecordFamily; reference: string; document: unknown; shownMs: number };

/** The consoles deliveries go to: one alone on its SQLite file, or a team's on one PostgreSQL. */
type Consoles = {
  /** The `n`th delivery, to whichever console takes it (the team's load balancer spreads them). */
  deliver(body: unknown, n: number): Promise<void>;
  records: RecordStore;
  /** A console stopped and started again: what was committed stays, reads waiting are forgotten. */
  restart(): Promise<void>;
  settle(): Promise<void>;
  close(): Promise<void>;
};
type OpenConsoles = (sim: ReturnType<typeof simulatedClock>, readRecord: ReadRecord) => Promise<Consoles>;

it('ends on the operator’s last version of every record, within a bound, whatever the deliveries', {
  timeout: budgets.propertyRuns,
}, async () => {
  let run = 0;
  await convergesOn(async (sim, readRecord) => {
    run += 1;
    const file = join(dir, `console-${run}.db`);
    let console = consoleOn(openConsoleDatabase(file), sim, readRecord);
    return {
      deliver: (body) => console.deliver(body),
      get records() {
        return console.records;
      },
      async restart() {
        await console.close();
        console = consoleOn(openConsoleDatabase(file), sim, readRecord);
      },
      settle: () => console.settle(),
      close: () => console.close(),
    };
  }, 40);
});

it('ends there too with the deliveries spread over three consoles on one PostgreSQL, one of them restarted', {
  timeout: budgets.propertyRuns,
}, async () => {
  await convergesOn(async (sim, readRecord) => {
    const schema = await createTestPostgresSchema();
    const pools: PostgresDatabase[] = [];
    const stores: ReturnType<typeof createPostgresRecordStore>[] = [];
    const teamConsole = async () => {
      const db = await openPostgresDatabase(schema.url);
      pools.push(db);
      const store = createPostgresRecordStore(db, {
        organization: '',
        instanceId: `c${pools.length}`,
        now: sim.now,
      });
      stores.push(store);
      return consoleOn(null, sim, readRecord, store);
    };
    const team = [await teamConsole(), await teamConsole(), await teamConsole()];
    return {
      deliver: (body, n) => (team[n % team.length] as ReturnType<typeof consoleOn>).deliver(body),
      records: (team[0] as ReturnType<typeof consoleOn>).records,
      async restart() {
        await team[2]?.close();
        team[2] = await teamConsole();
      },
      settle: () => Promise.all(team.map((member) => member.settle())).then(() => {}),
      async close() {
        await Promise.all(team.map((member) => member.close()));
        // Each store's connection for wake-ups goes back before its pool ends.
        await Promise.all(stores.map((store) => store.close()));
        await Promise.all(pools.map((pool) => pool.end()));
        await schema.drop();
      },
    };
  }, 30);
});

async function convergesOn(openConsoles: OpenConsoles, numRuns: number) {
  await fc.assert(
    fc.asyncProperty(
      fc.array(timing, { minLength: records.length, maxLength: records.length }),
      fc.array(fc.tuple(move, timing), { minLength: 2, maxLength: 16 }),
      fc.double({ min: 0, max: 1, noNaN: true }),
      async (creates, moves, restartAt) => {
        const startMs = Math.floor(Date.now() / 1000) * 1000;
        let operatorMs = startMs;
        let console: Consoles | undefined;
        const sim = simulatedClock(startMs, async () => {
          await console?.settle();
        });
        const sandbox = createTestSandbox({ now: () => new Date(operatorMs) });
        const call = async (method: string, path: string, body?: unknown) => {
          const answer = await sandbox.call(method, path, { body });
          return { status: answer.status, data: answer.json.data };
        };
        for (const code of ['P-1', 'P-2']) await call('POST', '/warehouse/v1/products', productBody(code));

        // Every version the operator made, when its API shows it, and its webhooks.
        const versions: Version[] = [];
        const deliveries: { atMs: number; version: Version }[] = [];
        let madeMs = startMs;
        const changes: [Move, Timing][] = [
          ...records.map(([kind, reference], index): [Move, Timing] => [
            { kind, reference, move: 'create' },
            creates[index] as Timing,
          ]),
          ...moves,
        ];
        for (const [step, [what, when]] of changes.entries()) {
          madeMs += stepMs[when.after];
          operatorMs = when.after === 'ahead' ? madeMs + 3_600_000 : madeMs;
          const document = await makeChange(call, what, step);
          if (document === null) continue;
          const version = {
            family: what.kind,
            reference: what.reference,
            document,
            shownMs: madeMs + when.apiLagMs,
          };
          versions.push(version);
          for (const lateMs of when.deliveries) deliveries.push({ atMs: madeMs + lateMs, version });
        }
        deliveries.sort((a, b) => a.atMs - b.atMs);

        // The operator's API: of a record's versions, the last one it shows by now.
        const readRecord: ReadRecord = async (family, reference) => {
          const shown = versions.filter(
            (version) =>
              version.family === family && version.reference === reference && version.shownMs <= sim.now(),
          );
          const last = shown.at(-1);
          const document = last && readWarehouseDocument(last.document);
          return document && !isUnreadable(document) ? document : null;
        };

        const consoles = await openConsoles(sim, readRecord);
        console = consoles;
        const restartIndex = Math.floor(restartAt * deliveries.length);
        for (const [index, { atMs, version }] of deliveries.entries()) {
          await sim.advance(Math.max(0, atMs - sim.now()));
          // Everything committed so far must still be there; reads waiting are forgotten.
          if (index === restartIndex) await consoles.restart();
          await consoles.deliver(version.document, index);
        }

        const lastOf = (family: RecordFamily, reference: string) =>
          versions.filter((version) => version.family === family && version.reference === reference).at(-1);
        const delivered = new Set(deliveries.map(({ version }) => version));
        await sim.advance(30_000);
        for (const [family, reference] of records) {
          const last = lastOf(family, reference);
          if (!last || !delivered.has(last)) continue;
          expect((await consoles.records.find(family, reference))?.document, `${reference} 30 s on`).toEqual(
            last.document,
          );
        }
        // A record whose last changes were never delivered changed nothing in the index: only the drift check's
        // rotating sample compares it. With the sample on, long enough for its passes, what the index holds
        // is the operator's, dropped deliveries or not.
        const sampling = createDriftCheck({
          store: consoles.records,
          readRecord,
          clock: sim.clock,
          timing: { intervalMs: 60_000, sample: records.length },
        });
        sampling.start();
        await sim.advance(250_000);
        await sampling.stop();
        for (const [family, reference] of records) {
          const held = await consoles.records.find(family, reference);
          expect(held?.document, `${reference} after the drift check`).toEqual(
            held ? lastOf(family, reference)?.document : undefined,
          );
        }
        await consoles.close();
      },
    ),
    // Shrinking a run of a few hundred simulated seconds outlasts the test's time: the first failure is shown.
    { numRuns, endOnFailure: true },
  );
}

type Call = (method: string, path: string, body?: unknown) => Promise<{ status: number; data: unknown }>;

/** Makes the change at the sandbox; the new version of the document when it went through. */
async function makeChange(call: Call, { kind, reference, move }: Move, step: number) {
  let answer: { status: number; data: unknown };
  if (kind === 'order') {
    if (move === 'create')
      answer = await call(
        'POST',
        '/warehouse/v1/orders',
        orderBody(reference, 'P-1', {
          orderLines: [
            { productCode: 'P-1', quantity: 2 },
            { productCode: 'P-2', quantity: 1 },
          ],
          transportDetail: { carrierCode: 'UPS', serviceLevelCode: 'GND' },
        }),
      );
    else if (move === 'correct') {
      const found = await call('GET', `/warehouse/v1/orders?PrimaryReference=${reference}`);
      const order = (found.data as { orders: { id: string }[] }).orders[0];
      if (!order) return null;
      answer = await call(
        'PATCH',
        `/warehouse/v1/orders/${order.id}`,
        orderBody(reference, 'P-1', {
          note: `correction ${step}`,
          transportDetail: { carrierCode: 'UPS', serviceLevelCode: 'GND' },
        }),
      );
    } else answer = await call('POST', `/sandbox/v1/orders/${reference}/${move}`, {});
  } else {
    if (move === 'create')
      answer = await call(
        'POST',
        '/warehouse/v1/receives',
        receiveBody(reference, 'P-1', reference.startsWith('RMA') ? { subtype: 'RET' } : {}),
      );
    else answer = await call('POST', `/sandbox/v1/receives/${reference}/${move}`, {});
  }
  return answer.status === 200 ? answer.data : null;
}

/**
 * A console over `consoleDb`, or over a team's `store` in PostgreSQL, whose read-back and drift check read
 * `readRecord` on the simulated clock.
 */
function consoleOn(
  consoleDb: ConsoleDatabase | null,
  sim: ReturnType<typeof simulatedClock>,
  readRecord: ReadRecord,
  store: RecordStore = createRecordStore(consoleDb as ConsoleDatabase, { organization: '', now: sim.now }),
) {
  const app = createServerApp({
    config: readServerConfig({}),
    upstream: testUpstream('http://127.0.0.1:9'),
    mode: 'sandbox',
    distDir: null,
    consoleDb: consoleDb ?? openConsoleDatabase(':memory:'),
    records: store,
    webhookToken: token,
    log: () => {},
  });
  const readBack = createReadBack({ store, readRecord, clock: sim.clock });
  // Its first pass, 15 s after a start, makes the reads a restart forgot; its next comes after the first
  // bound, and it samples no others: what the read-back alone must settle is not left to it.
  const drift = createDriftCheck({
    store,
    readRecord,
    clock: sim.clock,
    timing: { intervalMs: 120_000, sample: 0 },
  });
  drift.start();
  return {
    records: store,
    async deliver(body: unknown) {
      const response = await app.request('/api/webhooks/warehouse', {
        method: 'POST',
        headers: { host: '127.0.0.1:3000', 'x-webhook-token': token, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(200);
    },
    settle: () => Promise.all([readBack.idle(), drift.idle()]).then(() => {}),
    async close() {
      await Promise.all([readBack.stop(), drift.stop()]);
      consoleDb?.close();
    },
  };
}
