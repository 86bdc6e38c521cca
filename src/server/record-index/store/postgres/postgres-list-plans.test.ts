import { expect, it } from 'vitest';
import { budgets } from '#testing/test-budgets';
import type { PostgresDatabase } from '../../../store/postgres/postgres-database';
import { postgresPerTest } from '../../../testing/test-postgres-schema';
import type { ListFilter, ListOrder, ListPosition } from '../list-keysets';
import type { ListPage } from '../record-store-port';
import { postgresListQueries } from './postgres-list-queries';

const { database, open } = postgresPerTest();

/** Day 14 of 1970 at 21:20: orders 1 to 17,279 are due before it, and the held ones among them late. */
const asOf = 1_200_000_000;

/**
 * 20,000 orders, each a minute after the last: nearly all shipped, one in 201 held, one in 50 entered,
 * every fifth without a ship-by date, most at one warehouse. Enough rows that reading them all and
 * sorting them costs the planner more than a walk of an index.
 */
async function manyOrders(): Promise<PostgresDatabase> {
  const db = await open(await database());
  await db.query(`
    INSERT INTO records (org, family, reference, reference_key, kind, upstream_id, status, state, warehouse,
      due_ms, updated_ms, finished_ms, title, short, over, announced, received, units_short, units_over,
      created_ms, glance, source, indexed_ms, search_values, doc)
    SELECT 'north', 'order', 'SO-' || n, 'so' || n, 'order', 'u' || n,
      CASE WHEN n % 201 = 0 THEN 'HOLD' WHEN n % 50 = 0 THEN 'PRS' ELSE 'FIN' END,
      CASE WHEN n % 201 = 0 THEN 'held' WHEN n % 50 = 0 THEN 'entered' ELSE 'shipped' END,
      CASE WHEN n % 10 = 0 THEN 'LAW' ELSE 'NJE' END,
      CASE WHEN n % 5 = 0 THEN NULL ELSE n * 60000::bigint + 86400000 END, n * 60000::bigint,
      CASE WHEN n % 50 = 0 OR n % 201 = 0 THEN NULL ELSE n * 60000::bigint END,
      '', 0, 0, 5, 5, 0, 0, 0, '{}', 'sync', 0, '', '{}'
    FROM generate_series(1, 20000) AS n`);
  await db.query('ANALYZE records');
  return db;
}

type PlanNode = {
  'Node Type': string;
  'Index Name'?: string;
  'Parent Relationship'?: string;
  Plans?: PlanNode[];
};

/** The nodes of a plan, leaving out the subqueries that read a return's references. */
const nodesOf = (node: PlanNode): PlanNode[] =>
  node['Parent Relationship'] === 'SubPlan' ? [] : [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/** The plan PostgreSQL chooses for the page statement of a list's first page. */
async function pagePlan(db: PostgresDatabase, partial: Partial<ListFilter>, order: ListOrder) {
  const statements: { text: string; values: unknown[] }[] = [];
  const spying = new Proxy(db, {
    get: (target, name) =>
      name === 'query'
        ? (text: string, values: unknown[]) => {
            statements.push({ text, values });
            return target.query(text, values);
          }
        : Reflect.get(target, name),
  });
  const filter: ListFilter = { kind: 'order', statuses: [], states: [], warehouses: [], ...partial };
  const { rows } = await postgresListQueries(spying, { organization: 'north', now: () => asOf }).listPage(
    filter,
    order,
    { limit: 5 },
  );
  const page = statements.find((statement) => statement.text.includes('LIMIT'));
  if (!page) throw new Error('no page statement');
  const explained = await db.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
    `EXPLAIN (FORMAT JSON) ${page.text}`,
    page.values,
  );
  const nodes = nodesOf(explained.rows[0]?.['QUERY PLAN'][0].Plan as PlanNode);
  return {
    references: rows.map((row) => row.reference),
    indexes: nodes.flatMap((node) => node['Index Name'] ?? []),
    sorted: nodes.some((node) => node['Node Type'].includes('Sort')),
  };
}

/** Each case's first references, read in its index only, sorted after or not. */
async function expectPlans(
  db: PostgresDatabase,
  cases: [Partial<ListFilter>, ListOrder, string, string[]][],
  { sorted }: { sorted: boolean },
) {
  for (const [filter, order, index, first] of cases) {
    const plan = await pagePlan(db, filter, order);
    const label = JSON.stringify({ ...filter, ...order });
    expect(plan.references.slice(0, first.length), label).toEqual(first);
    expect(plan.indexes, label).toEqual([index]);
    expect(plan.sorted, label).toBe(sorted);
  }
}

it('reads a page of each sort, and of filters many records match, in an index in order without sorting', async () => {
  const db = await manyOrders();
  const cases: [Partial<ListFilter>, ListOrder, string, string[]][] = [
    [{}, { sort: 'updated', direction: 'desc' }, 'records_list_updated', ['SO-20000', 'SO-19999']],
    [{}, { sort: 'due', direction: 'asc' }, 'records_list_due', ['SO-1', 'SO-2', 'SO-3', 'SO-4', 'SO-6']],
    [{}, { sort: 'due', direction: 'desc' }, 'records_list_due', ['SO-19999', 'SO-19998']],
    [{}, { sort: 'reference', direction: 'asc' }, 'records_list_reference', ['SO-1', 'SO-10', 'SO-100']],
    [{}, { sort: 'state', direction: 'asc' }, 'records_list_state', ['SO-50', 'SO-100']],
    [{ statuses: ['FIN'] }, { sort: 'updated', direction: 'desc' }, 'records_list_updated', ['SO-19999']],
    [{ warehouses: ['NJE'] }, { sort: 'due', direction: 'asc' }, 'records_list_due', ['SO-1', 'SO-2']],
  ];
  await expectPlans(db, cases, { sorted: false });
});

it('finds few matches, and late and open orders, in the index of their filter and sorts them', async () => {
  const db = await manyOrders();
  const cases: [Partial<ListFilter>, ListOrder, string, string[]][] = [
    [{ late: true }, { sort: 'due', direction: 'asc' }, 'records_list_state_due', ['SO-201', 'SO-402']],
    [
      { late: true },
      { sort: 'updated', direction: 'desc' },
      'records_list_state_due',
      ['SO-16884', 'SO-16683'],
    ],
    [
      { open: true },
      { sort: 'reference', direction: 'asc' },
      'records_list_state_finished',
      ['SO-100', 'SO-1000'],
    ],
    [{ statuses: ['HOLD'] }, { sort: 'due', direction: 'asc' }, 'records_list_status', ['SO-201', 'SO-402']],
    [
      { statuses: ['PRS', 'HOLD'] },
      { sort: 'updated', direction: 'asc' },
      'records_list_status',
      ['SO-50', 'SO-100'],
    ],
    [
      { states: ['held'] },
      { sort: 'updated', direction: 'desc' },
      'records_list_state_finished',
      ['SO-19899'],
    ],
    [
      { warehouses: ['LAW'] },
      { sort: 'reference', direction: 'asc' },
      'records_list_warehouse',
      ['SO-10', 'SO-100'],
    ],
  ];
  await expectPlans(db, cases, { sorted: true });
});

/** The generated orders, in the order a sort should give (ids are their numbers, inserted in order). */
function expectedOrder({ sort, direction }: ListOrder): string[] {
  const orders = Array.from({ length: 20_000 }, (_, index) => {
    const n = index + 1;
    const state = n % 201 === 0 ? 'held' : n % 50 === 0 ? 'entered' : 'shipped';
    return { n, reference: `SO-${n}`, state, due: n % 5 === 0 ? null : n * 60_000 + 86_400_000 };
  });
  type Generated = (typeof orders)[number];
  const keys: Record<string, (order: Generated) => (string | number)[]> = {
    updated: (order) => [order.n],
    due: (order) => [order.due === null ? 1 : 0, order.due ?? 0, order.n],
    reference: (order) => [order.reference, order.n],
    state: (order) => [order.state, order.n],
  };
  const key = keys[sort] as (order: Generated) => (string | number)[];
  const sign = direction === 'asc' ? 1 : -1;
  return orders
    .sort((a, b) => {
      const [left, right] = [key(a), key(b)];
      for (let i = 0; i < left.length; i++) {
        if (left[i] === right[i]) continue;
        // Undated orders come last in either direction.
        const towards = i === 0 && sort === 'due' ? 1 : sign;
        return (left[i] as string | number) < (right[i] as string | number) ? -towards : towards;
      }
      return 0;
    })
    .map((order) => order.reference);
}

it('pages to the end of each sort read in index order, missing and repeating nothing', {
  timeout: budgets.largeIndex,
}, async () => {
  const db = await manyOrders();
  const lists = postgresListQueries(db, { organization: 'north', now: () => asOf });
  const filter: ListFilter = { kind: 'order', statuses: [], states: [], warehouses: [] };
  for (const sort of ['updated', 'due', 'reference', 'state'] as const) {
    for (const direction of ['asc', 'desc'] as const) {
      const order = { sort, direction };
      const references: string[] = [];
      let after: ListPosition | null = null;
      do {
        const page: ListPage = await lists.listPage(filter, order, {
          limit: 3_000,
          ...(after ? { after } : {}),
        });
        references.push(...page.rows.map((row) => row.reference));
        after = page.nextCursor ? lists.readListCursor(page.nextCursor, order) : null;
      } while (after);
      expect(references, JSON.stringify(order)).toEqual(expectedOrder(order));
    }
  }
});
