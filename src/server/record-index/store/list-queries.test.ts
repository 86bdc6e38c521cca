import { describe, expect, it } from 'vitest';
import { type ConsoleDatabase, openConsoleDatabase } from '../../store/sqlite/console-db';
import type { ListFilter } from './list-keysets';
import { listQueries } from './list-queries';

/** 6,000 shipped orders and 30 on hold, nine in ten at one warehouse, each a minute after the last. */
function ordersDatabase(): ConsoleDatabase {
  const db = openConsoleDatabase(':memory:');
  const insert = db.prepare(
    `INSERT INTO records (org, family, reference, reference_key, kind, upstream_id, status, state, warehouse,
       due_ms, updated_ms, title, short, over, announced, received, source, indexed_ms, search_values, doc)
     VALUES ('', 'order', @reference, @reference, 'order', '', @status, @state, @warehouse, NULL, @updated, '',
       0, 0, 1, 1, 'sync', 0, '', '{}')`,
  );
  db.transaction(() => {
    for (let n = 0; n < 6_030; n++) {
      const held = n % 201 === 0;
      insert.run({
        reference: `SO-${n}`,
        status: held ? 'HOLD' : 'FIN',
        state: held ? 'on_hold' : 'shipped',
        warehouse: n % 10 ? 'NJE' : 'LAW',
        updated: n * 60_000,
      });
    }
  })();
  return db;
}

/** The plan SQLite runs for the last page statement `listQueries` prepared. */
function pagePlan(db: ConsoleDatabase, filter: Partial<ListFilter>) {
  const prepared: string[] = [];
  const spying = new Proxy(db, {
    get: (target, name) =>
      name === 'prepare'
        ? (sql: string) => {
            prepared.push(sql);
            return target.prepare(sql);
          }
        : Reflect.get(target, name),
  });
  const full: ListFilter = { kind: 'order', statuses: [], states: [], warehouses: [], ...filter };
  const { rows } = listQueries(spying, '').page(
    full,
    { sort: 'updated', direction: 'desc' },
    { limit: 5, nowMs: 0 },
  );
  const sql = prepared.findLast((statement) => statement.startsWith('SELECT id'));
  const params = {
    org: '',
    kind: 'order',
    take: 6,
    status: filter.statuses?.[0],
    warehouse: filter.warehouses?.[0],
  };
  const plan = db
    .prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .all(Object.fromEntries(Object.entries(params).filter(([name]) => sql?.includes(`@${name}`))))
    // The statement's own steps, not those of the subqueries that read a return's references.
    .filter((step) => (step as { parent: number }).parent === 0)
    .map((step) => (step as { detail: string }).detail)
    .join('; ');
  return { references: rows.map((row) => row.reference), plan };
}

describe('a list by last change, filtered by status or warehouse', () => {
  it('walks the records by time when the matches are many, without sorting them all', () => {
    const { references, plan } = pagePlan(ordersDatabase(), { statuses: ['FIN'] });
    expect(references).toEqual(['SO-6029', 'SO-6028', 'SO-6027', 'SO-6026', 'SO-6025']);
    expect(plan).toContain('records_kind_updated');
    expect(plan).not.toContain('TEMP B-TREE');
  });

  it('finds few matches in the status index and sorts them', () => {
    const { references, plan } = pagePlan(ordersDatabase(), { statuses: ['HOLD'] });
    expect(references).toEqual(['SO-5829', 'SO-5628', 'SO-5427', 'SO-5226', 'SO-5025']);
    expect(plan).toContain('records_kind_status');
  });

  it('walks by time for a warehouse of many records', () => {
    const { references, plan } = pagePlan(ordersDatabase(), { warehouses: ['NJE'] });
    expect(references).toEqual(['SO-6029', 'SO-6028', 'SO-6027', 'SO-6026', 'SO-6025']);
    expect(plan).toContain('records_kind_updated');
    expect(plan).not.toContain('TEMP B-TREE');
  });
});
