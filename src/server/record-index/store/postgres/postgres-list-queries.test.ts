import { describe, expect, it } from 'vitest';
import type { Receive } from '../../../../contract/receive';
import { enteredOrder } from '../../../../sandbox/testing/test-documents';
import type { PostgresDatabase } from '../../../store/postgres/postgres-database';
import { openConsoleDatabase } from '../../../store/sqlite/console-db';
import { postgresPerTest } from '../../../testing/test-postgres-schema';
import { applyDocument, fill, now, orderCases, receiveCases, updatedAt } from '../../testing/list-fixtures';
import { byDue, newestFirst } from '../../testing/list-paging';
import type { ListFilter, ListOrder, ListSort } from '../list-keysets';
import { createRecordStore } from '../record-store';
import type { ListPage, RecordStore } from '../record-store-port';
import { postgresListQueries } from './postgres-list-queries';
import { postgresRecordWrites } from './postgres-record-writes';

const { database, open } = postgresPerTest();

type Lists = Pick<RecordStore, 'listPage' | 'readListCursor' | 'listBatches'>;

const day = (date: string) => Date.parse(`2026-11-${date}T00:00:00Z`);

/** The index of the list fixtures on PostgreSQL, its lists, and the writes that filled it. */
async function postgresLists(): Promise<{
  db: PostgresDatabase;
  lists: Lists;
  writes: RecordStore['apply'];
}> {
  const db = await open(await database());
  const { apply } = postgresRecordWrites(db, {
    organization: 'north',
    instanceId: 'test',
    uncertain: () => {},
  });
  await fill({ apply });
  return { db, lists: postgresListQueries(db, { organization: 'north', now: () => now }), writes: apply };
}

async function sqliteLists(): Promise<{ lists: Lists; writes: RecordStore['apply'] }> {
  const store = createRecordStore(openConsoleDatabase(':memory:'), { organization: 'north', now: () => now });
  await fill(store);
  return { lists: store, writes: store.apply };
}

/** Every page of a list, `limit` rows at a time, each read from the cursor the one before gave. */
async function walk(lists: Lists, filter: ListFilter, order: ListOrder, limit = 4) {
  const pages: ListPage[] = [];
  let cursor: string | null = null;
  do {
    const after: ReturnType<Lists['readListCursor']> = cursor ? lists.readListCursor(cursor, order) : null;
    if (cursor && !after) throw new Error(`cursor ${cursor} refused`);
    const page = await lists.listPage(filter, order, { limit, ...(after ? { after } : {}) });
    pages.push(page);
    cursor = page.nextCursor;
  } while (cursor && pages.length < 50);
  return pages;
}

const orderFilters: Partial<ListFilter>[] = [
  {},
  { statuses: ['FIN'] },
  { statuses: ['FIN', 'CAN'] },
  { states: ['held', 'picking'] },
  { warehouses: ['NJE'] },
  { late: true },
  { late: false },
  { late: true, today: '2026-11-20' },
  { open: true },
  { open: true, dueToMs: day('28') },
  { dueFromMs: day('14'), dueToMs: day('24') },
  { updatedFromMs: Date.parse(updatedAt(4)), updatedToMs: Date.parse(updatedAt(8)) },
  { states: ['shipped', 'shipped_short'], finishedFromMs: 0 },
];
const receiveFilters: Partial<ListFilter>[] = [
  {},
  { overdue: true },
  { overdue: false, today: '2026-11-18' },
  { discrepancy: 'any' },
  { discrepancy: 'short' },
  { discrepancy: 'over' },
  { states: ['awaiting', 'partial'] },
  { statuses: ['PRS'] },
  { warehouses: ['LAW', 'DFW'] },
  { finishedFromMs: 0 },
];
const returnFilters: Partial<ListFilter>[] = [
  {},
  { refundable: true },
  { refundable: false },
  { states: ['complete', 'short'] },
];

const loneReturn: Receive = {
  ...(receiveCases.find((c) => c.kind === 'return' && c.state === 'complete')?.receive as Receive),
  id: 'receive-lone',
  primaryReference: 'RMA-LONE',
  additionalReferences: [],
};

const cases: [ListFilter['kind'], Partial<ListFilter>[], ListSort[]][] = [
  ['order', orderFilters, ['updated', 'due', 'reference', 'state']],
  ['receive', receiveFilters, ['updated', 'due', 'reference', 'state', 'received']],
  ['return', returnFilters, ['updated', 'due', 'reference', 'state', 'received']],
];

describe('PostgreSQL lists beside SQLite’s', () => {
  it.each(cases)(
    'give the same pages, cursors and totals for every %s filter and sort',
    async (kind, filters, sorts) => {
      const [postgres, sqlite] = [await postgresLists(), await sqliteLists()];
      // A return that names no order refunds every unit it received: the fixtures' returns refund none.
      for (const { writes } of [postgres, sqlite]) await applyDocument({ apply: writes }, loneReturn);
      for (const partial of filters) {
        const filter: ListFilter = { kind, statuses: [], states: [], warehouses: [], ...partial };
        for (const sort of sorts) {
          for (const direction of ['asc', 'desc'] as const) {
            const order = { sort, direction };
            const label = JSON.stringify({ ...partial, kind, sort, direction });
            const pages = await walk(postgres.lists, filter, order);
            expect(pages, label).toEqual(await walk(sqlite.lists, filter, order));
            const references = pages.flatMap((page) => page.rows.map((row) => row.reference));
            // Every match once, whatever the page it fell on.
            expect(new Set(references).size, label).toBe(references.length);
            expect(references.length, label).toBe(pages[0]?.total);
            expect(references.length, label).toBeGreaterThan(0);
          }
        }
      }
    },
  );

  it('read a return’s original order and first reason, and tell late orders as SQLite does', async () => {
    const { lists } = await postgresLists();
    const all = { statuses: [], states: [], warehouses: [] };
    const returns = await lists.listPage(
      { kind: 'return', ...all },
      { sort: 'reference', direction: 'asc' },
      {
        limit: 10,
      },
    );
    expect(returns.rows.map(({ originalOrder, reason }) => [originalOrder, reason])).toEqual(
      receiveCases.filter((c) => c.kind === 'return').map((c) => [`SO-${c.number}`, 'Damaged']),
    );
    const late = await lists.listPage(
      { kind: 'order', ...all },
      { sort: 'reference', direction: 'asc' },
      {
        limit: 50,
      },
    );
    expect(late.rows.map((row) => row.late)).toEqual(orderCases.map((c) => c.late));
    expect(late.rows.some((row) => row.late)).toBe(true);
  });

  it('sort references in byte order, as SQLite does, whatever the database’s locale', async () => {
    const [postgres, sqlite] = [await postgresLists(), await sqliteLists()];
    for (const reference of ['so-lower', 'SO_UNDER', 'SO-Ä', 'so-Upper', 'SO-1a'])
      for (const writes of [postgres.writes, sqlite.writes])
        await applyDocument({ apply: writes }, enteredOrder({ primaryReference: reference }));
    const filter: ListFilter = { kind: 'order', statuses: [], states: [], warehouses: [] };
    for (const direction of ['asc', 'desc'] as const) {
      const pages = await walk(postgres.lists, filter, { sort: 'reference', direction }, 7);
      expect(pages).toEqual(await walk(sqlite.lists, filter, { sort: 'reference', direction }, 7));
      const references = pages.flatMap((page) => page.rows.map((row) => row.reference));
      const bytes = [...references].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
      expect(references).toEqual(direction === 'asc' ? bytes : bytes.reverse());
    }
    // The test run's database may sort in byte order by its own locale (C.UTF-8); on any other, the
    // columns' collation is what keeps it.
    const { rows } = await postgres.db.query(
      `SELECT column_name, collation_name FROM information_schema.columns
       WHERE table_schema = current_schema() AND table_name = 'records' AND column_name IN ('reference', 'state')
       ORDER BY column_name`,
    );
    expect(rows).toEqual([
      { column_name: 'reference', collation_name: 'C' },
      { column_name: 'state', collation_name: 'C' },
    ]);
  });

  it('refuse a cursor of another order, and read one of their own', async () => {
    const { lists } = await postgresLists();
    const filter: ListFilter = { kind: 'order', statuses: [], states: [], warehouses: [] };
    const { nextCursor } = await lists.listPage(filter, { sort: 'due', direction: 'desc' }, { limit: 3 });
    if (!nextCursor) throw new Error('a second page expected');
    expect(lists.readListCursor(nextCursor, { sort: 'due', direction: 'desc' })).toMatchObject({
      segment: 0,
    });
    expect(lists.readListCursor(nextCursor, { sort: 'due', direction: 'asc' })).toBeNull();
    expect(lists.readListCursor(nextCursor, { sort: 'updated', direction: 'desc' })).toBeNull();
    expect(lists.readListCursor('not a cursor', { sort: 'due', direction: 'desc' })).toBeNull();
  });
});

describe.each([
  ['PostgreSQL', postgresLists],
  ['SQLite', sqliteLists],
])('%s export batches', (_, makeLists) => {
  it('end early when their time is up, the next resuming after the last row handed over', async () => {
    const { lists } = await makeLists();
    const batches = [];
    for await (const batch of lists.listBatches(
      { kind: 'order', statuses: [], states: [], warehouses: [] },
      { sort: 'due', direction: 'asc' },
      { batchSize: 1000, budgetMs: -1 },
    ))
      batches.push(batch);
    expect(batches.every((batch) => batch.length === 1)).toBe(true);
    expect(batches.flat().map((record) => record.reference)).toEqual(byDue(orderCases, 'asc'));
  });

  it('hold at most batchSize records, every match once', async () => {
    const { lists } = await makeLists();
    const batches = [];
    for await (const batch of lists.listBatches(
      { kind: 'order', statuses: ['FIN', 'CAN'], states: [], warehouses: [] },
      { sort: 'updated', direction: 'desc' },
      { batchSize: 3, budgetMs: 1000 },
    ))
      batches.push(batch);
    const finished = orderCases.filter((c) => c.status === 'FIN' || c.status === 'CAN');
    expect(batches.map((batch) => batch.length)).toEqual(
      Array.from({ length: Math.ceil(finished.length / 3) }, (_, i) => Math.min(3, finished.length - i * 3)),
    );
    expect(batches.flat().map((record) => record.reference)).toEqual(newestFirst(finished));
  });
});

describe('a PostgreSQL export', () => {
  it('reads one snapshot: a record that changes during the export is neither missed nor read twice', async () => {
    const { lists, writes } = await postgresLists();
    const filter: ListFilter = { kind: 'order', statuses: [], states: [], warehouses: [] };
    const order: ListOrder = { sort: 'updated', direction: 'desc' };
    const batches = lists.listBatches(filter, order, { batchSize: 3, budgetMs: 100 });
    const first = await batches.next();
    const exported = first.done ? [] : first.value.map((record) => record.reference);
    // The oldest order changes: newest first, it moves to the top, where the export has been already.
    await applyDocument(
      { apply: writes },
      enteredOrder({ primaryReference: 'SO-01', dateLastUpdated: updatedAt(40) }),
    );
    for await (const batch of batches) exported.push(...batch.map((record) => record.reference));
    expect(exported).toEqual(newestFirst(orderCases));
    // Committed meanwhile: a list read now has it first.
    const { rows } = await lists.listPage(filter, order, { limit: 1 });
    expect(rows[0]?.reference).toBe('SO-01');
  });

  it('gives its client back to the pool when the reader stops early', async () => {
    const { db, lists } = await postgresLists();
    const batches = lists.listBatches(
      { kind: 'order', statuses: [], states: [], warehouses: [] },
      { sort: 'reference', direction: 'asc' },
      { batchSize: 2, budgetMs: 100 },
    );
    for await (const batch of batches) {
      expect(batch).toHaveLength(2);
      expect(db.totalCount - db.idleCount).toBe(1);
      break;
    }
    expect(db.totalCount - db.idleCount).toBe(0);
  });
});
