import { afterEach, describe, expect, it } from 'vitest';
import { openPostgresDatabase } from '../database/postgres-schema';
import { createTestPostgresSchema } from '../testing/test-postgres-schema';
import type { AuditLog, AuditLogOptions, AuditLogRecord } from './audit-log';
import { createPostgresAuditLog } from './postgres/postgres-audit-log';
import { openConsoleDatabase } from './sqlite/console-db';
import { createSqliteAuditLog } from './sqlite/sqlite-audit-log';

type OpenedLog = { log: AuditLog; close(): Promise<void> };

/** The two adapters, each over a database of the test's own. */
const engines: { engine: string; open(options: AuditLogOptions): Promise<OpenedLog> }[] = [
  {
    engine: 'SQLite',
    async open(options) {
      const db = openConsoleDatabase(':memory:');
      return {
        log: createSqliteAuditLog(db, options),
        close: async () => {
          db.close();
        },
      };
    },
  },
  {
    engine: 'PostgreSQL',
    async open(options) {
      const schema = await createTestPostgresSchema();
      const db = await openPostgresDatabase(schema.url);
      return {
        log: createPostgresAuditLog(db, options),
        async close() {
          await db.end();
          await schema.drop();
        },
      };
    },
  },
];

const entry = (action: string, status = 200): AuditLogRecord => ({
  person: 'ana',
  role: 'support',
  action,
  target: 'x',
  status,
});

describe.each(engines)('the audit log on $engine', ({ open }) => {
  let opened: OpenedLog | null = null;
  afterEach(() => opened?.close());

  async function openAuditLog(options: AuditLogOptions = {}) {
    opened = await open(options);
    return opened.log;
  }

  it('lists what was recorded newest first, with when, who, what and how it was answered', async () => {
    let clock = Date.parse('2026-03-01T10:00:00Z');
    const log = await openAuditLog({ now: () => clock });
    expect(await log.list({ limit: 10 })).toEqual({ entries: [], nextBefore: null });
    await log.record({ person: 'ana', role: 'admin', action: 'Added account', target: 'ben', status: 200 });
    clock += 1500;
    await log.record({
      person: 'ben',
      role: null,
      action: 'Sign-in failed',
      target: '203.0.113.9',
      status: 401,
    });
    const { entries, nextBefore } = await log.list({ limit: 10 });
    expect(nextBefore).toBeNull();
    expect(entries).toEqual([
      {
        id: entries[0]?.id,
        at: '2026-03-01T10:00:01.500Z',
        person: 'ben',
        role: null,
        action: 'Sign-in failed',
        target: '203.0.113.9',
        status: 401,
      },
      {
        id: entries[1]?.id,
        at: '2026-03-01T10:00:00.000Z',
        person: 'ana',
        role: 'admin',
        action: 'Added account',
        target: 'ben',
        status: 200,
      },
    ]);
    expect(entries[0]?.id).toBeGreaterThan(entries[1]?.id as number);
  });

  it('pages back through older entries', async () => {
    const log = await openAuditLog();
    for (let n = 0; n < 7; n++) await log.record(entry(`Change ${n}`));
    const actions = (page: { entries: { action: string }[] }) => page.entries.map((e) => e.action);
    const first = await log.list({ limit: 3 });
    expect(actions(first)).toEqual(['Change 6', 'Change 5', 'Change 4']);
    const second = await log.list({ before: first.nextBefore as number, limit: 3 });
    expect(actions(second)).toEqual(['Change 3', 'Change 2', 'Change 1']);
    const last = await log.list({ before: second.nextBefore as number, limit: 3 });
    expect(actions(last)).toEqual(['Change 0']);
    expect(last.nextBefore).toBeNull();
  });

  it('cuts long names, actions and targets rather than refusing them', async () => {
    const log = await openAuditLog();
    await log.record({
      person: 'p'.repeat(500),
      role: 'admin',
      action: 'a'.repeat(500),
      target: 't'.repeat(500),
      status: 200,
    });
    const [listed] = (await log.list({ limit: 1 })).entries;
    expect([listed?.person.length, listed?.action.length, listed?.target.length]).toEqual([200, 200, 300]);
  });

  it('keeps the newest changes and, apart from them, the newest refusals', async () => {
    const log = await openAuditLog({ kept: 5, pruneEvery: 10 });
    // Entries 1–12 are changes, 13–40 refusals; the log is cut at entries 10, 20, 30 and 40.
    for (let n = 1; n <= 12; n++) await log.record(entry(`Change ${n}`));
    for (let n = 13; n <= 40; n++) await log.record(entry(`Refused ${n}`, 403));
    await log.record(entry('Refused 41', 403));
    const kept = (await log.list({ limit: 100 })).entries.map((e) => e.action);
    expect(kept).toEqual([
      'Refused 41',
      ...[40, 39, 38, 37, 36].map((n) => `Refused ${n}`),
      ...[12, 11, 10, 9, 8].map((n) => `Change ${n}`),
    ]);
  });

  it('keeps its newest changes however many refusals come after them', async () => {
    const log = await openAuditLog({ kept: 20, pruneEvery: 50 });
    for (let n = 0; n < 5; n++) await log.record(entry(`Change ${n}`));
    for (let n = 0; n < 300; n++) await log.record(entry('Export refused', 403));
    const { entries } = await log.list({ limit: 400 });
    expect(entries.filter((e) => e.status === 200).map((e) => e.action)).toEqual([
      'Change 4',
      'Change 3',
      'Change 2',
      'Change 1',
      'Change 0',
    ]);
    // Refusals go down to the newest 20 every 50 entries: the last cut was at entry 300.
    expect(entries.filter((e) => e.status === 403)).toHaveLength(25);
  });
});
