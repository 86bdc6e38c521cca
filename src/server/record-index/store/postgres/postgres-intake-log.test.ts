import { describe, expect, it } from 'vitest';
import { enteredOrder } from '../../../../sandbox/testing/test-documents';
import type { PostgresDatabase } from '../../../store/postgres/postgres-database';
import { openConsoleDatabase } from '../../../store/sqlite/console-db';
import { postgresPerTest } from '../../../testing/test-postgres-schema';
import { readOrder } from '../../testing/version-sequences';
import { createRecordStore } from '../record-store';
import type { RecordStore } from '../record-store-port';
import { postgresIntakeLog } from './postgres-intake-log';
import { postgresRecordWrites } from './postgres-record-writes';

const { database, open } = postgresPerTest();

type Engine = Pick<RecordStore, 'receiveAll' | 'recordIntake' | 'intakeSummary'>;

/** One console's intake on PostgreSQL: its writes and its log count on the rows of `instanceId`. */
function postgresIntake(db: PostgresDatabase, instanceId: string, now: () => number): Engine {
  const writes = postgresRecordWrites(db, { organization: 'north', instanceId, now, uncertain: () => {} });
  return { receiveAll: writes.receiveAll, ...postgresIntakeLog(db, { instanceId, now }) };
}

let clockMs = Date.parse('2026-11-21T08:00:00Z');
const now = () => clockMs;
const engines: [string, () => Promise<Engine>][] = [
  ['SQLite', async () => createRecordStore(openConsoleDatabase(':memory:'), { organization: 'north', now })],
  ['PostgreSQL', async () => postgresIntake(await open(await database()), 'console-a', now)],
];

const order = (reference: string, minute: number) =>
  readOrder(
    enteredOrder({ primaryReference: reference, dateLastUpdated: `2026-11-21T07:0${minute}:00+00:00` }),
  );
const rejection = (reason: string) => ({
  outcome: 'rejected' as const,
  reason,
  bytes: 9,
  excerpt: '{"not": 1',
});

describe.each(engines)('the webhook intake log on %s', (_, makeEngine) => {
  it('counts every outcome, when it last took a delivery and the latest refusals, newest first', async () => {
    const store = await makeEngine();
    expect(await store.intakeSummary()).toEqual({
      received: 0,
      stored: 0,
      duplicate: 0,
      stale: 0,
      rejected: 0,
      lastReceivedAt: null,
      recentRejections: [],
    });
    clockMs = Date.parse('2026-11-21T08:00:00Z');
    expect(
      await store.receiveAll([
        { document: order('SO-1', 2), bytes: 100 },
        { document: order('SO-1', 2), bytes: 100 },
        { document: order('SO-1', 1), bytes: 90 },
      ]),
    ).toEqual(['stored', 'duplicate', 'stale']);
    clockMs += 1_000;
    await store.recordIntake(rejection('The body is not JSON'));
    clockMs += 1_000;
    await store.recordIntake({ ...rejection(`Too long ${'x'.repeat(600)}`), excerpt: undefined });
    expect(await store.intakeSummary()).toEqual({
      received: 5,
      stored: 1,
      duplicate: 1,
      stale: 1,
      rejected: 2,
      lastReceivedAt: clockMs,
      recentRejections: [
        {
          at: new Date(clockMs).toISOString(),
          reason: `Too long ${'x'.repeat(491)}`,
          bytes: 9,
          excerpt: null,
        },
        {
          at: new Date(clockMs - 1_000).toISOString(),
          reason: 'The body is not JSON',
          bytes: 9,
          excerpt: '{"not": 1',
        },
      ],
    });
  });

  it('shows the twenty latest refusals', async () => {
    const store = await makeEngine();
    for (let index = 0; index < 25; index++) await store.recordIntake(rejection(`refusal ${index}`));
    const { rejected, recentRejections } = await store.intakeSummary();
    expect(rejected).toBe(25);
    expect(recentRejections.map((entry) => entry.reason)).toEqual(
      Array.from({ length: 20 }, (_, index) => `refusal ${24 - index}`),
    );
  });
});

describe('the intake log of several consoles on one PostgreSQL', () => {
  it('counts a delivery on the row of the console that took it', async () => {
    const db = await open(await database());
    const first = postgresIntake(db, 'console-a', now);
    const second = postgresIntake(db, 'console-b', now);
    await first.receiveAll([
      { document: order('SO-1', 1), bytes: 1 },
      { document: order('SO-1', 1), bytes: 1 },
    ]);
    await second.receiveAll([{ document: order('SO-2', 1), bytes: 1 }]);
    await second.recordIntake(rejection('The body is not JSON'));
    const { rows } = await db.query(
      'SELECT instance_id, outcome, count FROM intake_counts ORDER BY instance_id, outcome',
    );
    expect(rows).toEqual([
      { instance_id: 'console-a', outcome: 'duplicate', count: '1' },
      { instance_id: 'console-a', outcome: 'stored', count: '1' },
      { instance_id: 'console-b', outcome: 'rejected', count: '1' },
      { instance_id: 'console-b', outcome: 'stored', count: '1' },
    ]);
  });

  it('sums every console’s counts in the summary, the team’s intake, read alike from either', async () => {
    const url = await database();
    const first = postgresIntake(await open(url), 'console-a', now);
    const second = postgresIntake(await open(url), 'console-b', now);
    // Both take deliveries at once, each on its own connection.
    await Promise.all([
      ...Array.from({ length: 10 }, (_, index) =>
        first.receiveAll([{ document: order(`SO-A${index}`, 1), bytes: 1 }]),
      ),
      ...Array.from({ length: 10 }, (_, index) =>
        second.receiveAll([{ document: order(`SO-B${index}`, 1), bytes: 1 }]),
      ),
      first.recordIntake(rejection('The body is not JSON')),
    ]);
    await second.receiveAll([{ document: order('SO-A0', 1), bytes: 1 }]);
    const summary = await first.intakeSummary();
    expect(summary).toMatchObject({ received: 22, stored: 20, duplicate: 1, stale: 0, rejected: 1 });
    expect(await second.intakeSummary()).toEqual(summary);
  });
});
