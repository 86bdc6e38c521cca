import { randomBytes } from 'node:crypto';
import { expect, it, vi } from 'vitest';
import { enteredOrder } from '../../../../sandbox/testing/test-documents';
import type { PostgresDatabase } from '../../../store/postgres/postgres-database';
import { postgresPerTest } from '../../../testing/test-postgres-schema';
import { readOrder } from '../../testing/version-sequences';
import { listenForChanges } from './postgres-change-signal';
import { postgresRecordWrites } from './postgres-record-writes';
import { readSyncLeader, startSyncLeadership } from './postgres-sync-leader';

const { database, open } = postgresPerTest();

/** A console's pool whose connections can be told apart from the others' (and cut, as a network would). */
async function consoleInstance(url: string) {
  const name = `console-${randomBytes(6).toString('hex')}`;
  const withName = new URL(url);
  withName.searchParams.set('application_name', name);
  const db = await open(withName.href);
  return {
    db,
    async cut(by: PostgresDatabase) {
      await by.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [
        name,
      ]);
    },
  };
}

it('lets a second console lead the sync within one interval once the first one’s connection goes', async () => {
  const url = await database();
  const [first, second, observer] = [await consoleInstance(url), await consoleInstance(url), await open(url)];
  const intervalMs = 300;
  const leaders = [startSyncLeadership(first.db, { instanceId: 'first', intervalMs, now: () => 1_000 })];
  await vi.waitFor(() => expect(leaders[0]?.leading()).toBe(true));
  leaders.push(startSyncLeadership(second.db, { instanceId: 'second', intervalMs, now: () => 2_000 }));
  await new Promise((resolve) => setTimeout(resolve, intervalMs * 2));
  expect(leaders.map((leader) => leader.leading())).toEqual([true, false]);
  expect(await readSyncLeader(observer)).toEqual({ instanceId: 'first', sinceMs: 1_000 });

  await first.cut(observer);
  const cutMs = performance.now();
  await vi.waitFor(() => expect(leaders[1]?.leading()).toBe(true), { timeout: intervalMs * 3, interval: 5 });
  // Within one interval, and a little for a busy machine.
  expect(performance.now() - cutMs).toBeLessThan(intervalMs + 150);
  expect(await readSyncLeader(observer)).toEqual({ instanceId: 'second', sinceMs: 2_000 });
  // The first hears it lost its connection, and does not take the lead back.
  await vi.waitFor(() => expect(leaders[0]?.leading()).toBe(false), { timeout: intervalMs * 3 });
  await new Promise((resolve) => setTimeout(resolve, intervalMs * 2));
  expect(leaders.map((leader) => leader.leading())).toEqual([false, true]);

  await Promise.all(leaders.map((leader) => leader.close()));
  await vi.waitFor(async () => expect(await readSyncLeader(observer)).toBeNull());
});

it('wakes another console at each commit that added changes, and polls while its connection is down', async () => {
  const url = await database();
  const [listener, writer, observer] = [await consoleInstance(url), await open(url), await open(url)];
  let heard = 0;
  const listening = listenForChanges(listener.db, { onChanges: () => heard++, pollMs: 200 });
  await vi.waitFor(() => expect(listening.listening()).toBe(true));
  const writes = postgresRecordWrites(writer, {
    organization: 'north',
    instanceId: 'console-a',
    uncertain: () => {},
  });
  const order = readOrder(enteredOrder({ primaryReference: 'SO-HEARD' }));
  await writes.apply(order, 'sync');
  await vi.waitFor(() => expect(heard).toBe(1), { interval: 5 });
  // A commit that added no change (a duplicate) wakes nobody.
  await writes.apply(order, 'webhook');
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(heard).toBe(1);

  await listener.cut(observer);
  await vi.waitFor(() => expect(heard).toBeGreaterThan(1), { interval: 5 });
  await vi.waitFor(() => expect(listening.listening()).toBe(true), { timeout: 2_000 });
  const before = heard;
  await writes.apply(readOrder(enteredOrder({ primaryReference: 'SO-AGAIN' })), 'sync');
  await vi.waitFor(() => expect(heard).toBe(before + 1), { interval: 5 });
  await listening.close();
});
