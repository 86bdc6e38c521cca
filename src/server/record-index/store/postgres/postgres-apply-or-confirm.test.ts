import { describe, expect, it } from 'vitest';
import { enteredOrder } from '../../../../sandbox/testing/test-documents';
import type { PostgresDatabase } from '../../../store/postgres/postgres-database';
import { openConsoleDatabase } from '../../../store/sqlite/console-db';
import { postgresPerTest } from '../../../testing/test-postgres-schema';
import { readOrder } from '../../testing/version-sequences';
import { createRecordStore } from '../record-store';
import type { RecordStore } from '../record-store-port';
import { postgresRecordReads } from './postgres-record-reads';
import { postgresRecordWrites } from './postgres-record-writes';

const { database, open } = postgresPerTest();

type Engine = Pick<RecordStore, 'apply' | 'applyOrConfirm' | 'find'>;

/** The console's clock, after every version's date (a version dated ahead of it is left to a read). */
const clockStartMs = Date.parse('2026-11-21T09:00:00Z');
let clockMs = clockStartMs;
const now = () => clockMs;
/** A console's writes and reads of organization north on PostgreSQL, at the test's clock. */
function postgresConsole(db: PostgresDatabase, instanceId = 'console-a') {
  const writes = postgresRecordWrites(db, { organization: 'north', instanceId, now, uncertain: () => {} });
  return { ...writes, find: postgresRecordReads(db, { organization: 'north', now }).find };
}

const engines: [string, () => Promise<Engine>][] = [
  ['SQLite', async () => createRecordStore(openConsoleDatabase(':memory:'), { organization: 'north', now })],
  ['PostgreSQL', async () => postgresConsole(await open(await database()))],
];

const minute = (at: number) =>
  readOrder(
    enteredOrder({
      primaryReference: 'SO-8',
      dateLastUpdated: `2026-11-21T08:${String(at).padStart(2, '0')}:00Z`,
    }),
  );

describe.each(engines)('a version read from the operator on %s', (_, makeEngine) => {
  it('is stored when new, and confirms the one held as fresh as the read when it is the same', async () => {
    const store = await makeEngine();
    clockMs = clockStartMs + 1_000;
    expect(await store.applyOrConfirm(minute(1), 'lookup')).toBe('stored');
    expect(await store.find('order', 'SO-8')).toMatchObject({
      source: 'lookup',
      indexedMs: clockStartMs + 1_000,
    });
    clockMs = clockStartMs + 2_000;
    expect(await store.apply(minute(2), 'webhook')).toBe('stored');
    clockMs = clockStartMs + 3_000;
    expect(await store.applyOrConfirm(minute(2), 'lookup')).toBe('duplicate');
    expect(await store.find('order', 'SO-8')).toMatchObject({
      source: 'lookup',
      indexedMs: clockStartMs + 3_000,
    });
  });

  it('confirms nothing when the version held is newer than the read', async () => {
    const store = await makeEngine();
    clockMs = clockStartMs + 1_000;
    await store.apply(minute(5), 'webhook');
    clockMs = clockStartMs + 2_000;
    expect(await store.applyOrConfirm(minute(2), 'lookup')).toBe('stale');
    expect(await store.find('order', 'SO-8')).toMatchObject({
      source: 'webhook',
      indexedMs: clockStartMs + 1_000,
      updatedMs: minute(5).updatedMs,
    });
  });
});

describe('a version read from the operator while another console writes the record', () => {
  /** A console's transaction holding SO-8's row, as a write does from its read to its commit. */
  async function rowHeldElsewhere(url: string) {
    const holder = await (await open(url)).connect();
    await holder.query('BEGIN');
    await holder.query("SELECT id FROM records WHERE reference = 'SO-8' FOR UPDATE");
    return holder;
  }

  /** A console holding SO-8 from a webhook of a second ago, and its read of the same version under way. */
  async function confirmingWhileHeld(url: string) {
    const store = postgresConsole(await open(url));
    clockMs = clockStartMs + 1_000;
    await store.apply(minute(1), 'webhook');
    const holder = await rowHeldElsewhere(url);
    clockMs = clockStartMs + 2_000;
    const confirming = store.applyOrConfirm(minute(1), 'lookup');
    await new Promise((resolve) => setTimeout(resolve, 100));
    return { store, holder, confirming };
  }

  it('confirms the version it read, not a newer one stored meanwhile', async () => {
    const { store, holder, confirming } = await confirmingWhileHeld(await database());
    // Meanwhile the other console stores a newer version from a webhook and commits.
    const newer = minute(8);
    await holder.query(
      "UPDATE records SET updated_ms = $1, doc = $2, source = 'webhook', indexed_ms = $3 WHERE reference = 'SO-8'",
      [newer.updatedMs, JSON.stringify(newer.document), clockStartMs + 1_500],
    );
    await holder.query('COMMIT');
    holder.release();
    expect(await confirming).toBe('stale');
    // The newer version keeps what the webhook said of it: no read of the operator has seen it yet.
    expect(await store.find('order', 'SO-8')).toMatchObject({
      source: 'webhook',
      indexedMs: clockStartMs + 1_500,
      updatedMs: newer.updatedMs,
    });
  });

  it('confirms the version it read once the row is free, when it is still the one held', async () => {
    const { store, holder, confirming } = await confirmingWhileHeld(await database());
    await holder.query('COMMIT');
    holder.release();
    expect(await confirming).toBe('duplicate');
    expect(await store.find('order', 'SO-8')).toMatchObject({
      source: 'lookup',
      indexedMs: clockStartMs + 2_000,
    });
  });

  it('holds the row from its decision to its commit, so a newer version written between them waits', async () => {
    const url = await database();
    const db = await open(url);
    const otherConsole = postgresConsole(await open(url), 'console-b');
    let otherWrite: Promise<unknown> | undefined;
    // Just before the confirmation is sent, the other console writes a newer version of SO-8 and is given
    // the time to commit it, were the row free.
    const wrapped = new WeakSet<object>();
    db.on('acquire', (client) => {
      if (wrapped.has(client)) return;
      wrapped.add(client);
      const send = client.query.bind(client) as (...args: unknown[]) => unknown;
      Object.assign(client, {
        query: (...args: unknown[]) => {
          const confirming = String(args[0]).startsWith('UPDATE records SET source');
          if (!confirming || otherWrite) return send(...args);
          clockMs = clockStartMs + 1_500;
          otherWrite = otherConsole.apply(minute(8), 'webhook');
          const waited = Promise.race([otherWrite, new Promise((resolve) => setTimeout(resolve, 300))]);
          return waited.then(() => send(...args));
        },
      });
    });
    const store = postgresConsole(db);
    clockMs = clockStartMs + 1_000;
    await store.apply(minute(1), 'webhook');
    clockMs = clockStartMs + 2_000;
    expect(await store.applyOrConfirm(minute(1), 'lookup')).toBe('duplicate');
    expect(await otherWrite).toBe('stored');
    expect(await store.find('order', 'SO-8')).toMatchObject({
      source: 'webhook',
      indexedMs: clockStartMs + 1_500,
      updatedMs: minute(8).updatedMs,
    });
  });
});
