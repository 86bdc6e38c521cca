import type Database from 'better-sqlite3';
import { finishedOrderStates } from '../../../contract/index-lists';
import { ORIGINAL_ORDER_KEY, RETURN_REASON_PREFIX } from '../../../contract/return-references';
import type { ConsoleDatabase } from '../../store/sqlite/console-db';
import {
  fixedConditions,
  keysets,
  type ListedRecord,
  type ListedRow,
  type ListFilter,
  type ListOrder,
  type ListPosition,
  type ListSort,
  listBounds,
  pastDueOf,
  positionAfter,
  toListedRecord,
  unfinishedOrderStates,
} from './list-keysets';

/** An additional reference of a return's document (see return-references.ts), by a test on its key. */
const returnReference = (keyTest: string) =>
  `CASE WHEN kind = 'return' THEN (SELECT json_extract(value, '$.value') FROM json_each(doc, '$.additionalReferences')
    WHERE ${keyTest} ORDER BY key LIMIT 1) END`;

const listedColumns = `id, reference, kind, status, state, warehouse, title, due_ms, updated_ms, announced, received,
  short, over, finished_ms, units_short, units_over, created_ms,
  ${returnReference(`json_extract(value, '$.key') = '${ORIGINAL_ORDER_KEY}'`)} AS original_order,
  ${returnReference(`substr(json_extract(value, '$.key'), 1, ${RETURN_REASON_PREFIX.length}) = '${RETURN_REASON_PREFIX}'`)} AS reason`;

/** The WHERE of a list: its conditions, their named parameters, and an index SQLite must use, if any. */
function filterConditions(filter: ListFilter, nowMs: number) {
  const conditions = ['org = @org', 'kind = @kind'];
  const params: Record<string, string | number> = {
    family: filter.kind === 'order' ? 'order' : 'receive',
    kind: filter.kind,
  };
  const anyOf = (column: string, values: string[]) => {
    if (values.length === 0) return;
    // One value keeps the equality that an index on (org, kind, column, updated_ms) serves in order.
    conditions.push(
      values.length === 1
        ? `${column} = @${column}`
        : `${column} IN (SELECT value FROM json_each(@${column}))`,
    );
    params[column] = values.length === 1 ? (values[0] as string) : JSON.stringify(values);
  };
  anyOf('status', filter.statuses);
  anyOf('state', filter.states);
  anyOf('warehouse', filter.warehouses);
  if (filter.late !== undefined) {
    params.now = pastDueOf(filter, nowMs);
    params.finished = JSON.stringify(finishedOrderStates);
    params.unfinished = JSON.stringify(unfinishedOrderStates);
    // Asked by open state rather than by ship-by date: nearly every order of the past is due before now.
    conditions.push(
      filter.late
        ? 'state IN (SELECT value FROM json_each(@unfinished)) AND due_ms < @now'
        : '(due_ms IS NULL OR due_ms >= @now OR state IN (SELECT value FROM json_each(@finished)))',
    );
  }
  if (filter.open) {
    params.open = JSON.stringify(unfinishedOrderStates);
    conditions.push('state IN (SELECT value FROM json_each(@open))');
  }
  if (filter.overdue !== undefined) {
    params.now = pastDueOf(filter, nowMs);
    conditions.push(
      filter.overdue
        ? "state = 'awaiting' AND due_ms < @now"
        : "(due_ms IS NULL OR due_ms >= @now OR state != 'awaiting')",
    );
  }
  conditions.push(...fixedConditions(filter));
  for (const [name, comparison] of listBounds) {
    const value = filter[name];
    if (value === undefined) continue;
    conditions.push(`${comparison} @${name}`);
    params[name] = value;
  }
  // Late orders are few, but SQLite cannot know that: left alone, it walks the sort's index through
  // every order in search of them. records_kind_state_due finds them all, and sorting those few is cheap.
  // So are overdue receives, open orders due within days, and records of some states finished this week.
  const byStateAnd = (column: 'due' | 'finished') =>
    filter[`${column}FromMs`] !== undefined || filter[`${column}ToMs`] !== undefined;
  const index =
    filter.late || filter.overdue || (filter.open && byStateAnd('due'))
      ? 'records_kind_state_due'
      : filter.states.length > 0 && byStateAnd('finished')
        ? 'records_kind_state_finished'
        : null;
  return { conditions, params, index };
}

/** Up to this many matches of a status or warehouse are sorted (a few ms); more are found in order. */
const maxSortedMatches = 5_000;

/**
 * The index a page by last change reads when it filters by status or warehouse, whose indexes do not hold
 * the time (see the schema): few matches are found in that index and sorted; many are met often enough
 * walking the records by time (at 5,000 of a million, one in 200). SQLite cannot tell the two apart.
 */
function recencyIndex(filter: ListFilter, sort: ListSort, matches: () => number): string | null {
  if (sort !== 'updated' || (filter.statuses.length === 0 && filter.warehouses.length === 0)) return null;
  if (matches() <= maxSortedMatches)
    return filter.statuses.length > 0 ? 'records_kind_status' : 'records_kind_warehouse';
  if (filter.states.length === 1) return 'records_kind_state';
  // The partial index of short and over records holds the time too.
  return filter.discrepancy ? 'records_discrepancy' : 'records_kind_updated';
}

/**
 * The list queries on one connection: the store's own, or a read-only one holding a snapshot for an
 * export. Statements are prepared once per shape of query; the shapes are few (which filters are set,
 * the sort, the direction), since lists of values are bound as one JSON parameter.
 */
export function listQueries(connection: ConsoleDatabase, organization: string) {
  const statements = new Map<string, Database.Statement>();
  const prepared = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = connection.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };

  function page(
    filter: ListFilter,
    { sort, direction }: ListOrder,
    {
      limit,
      after,
      nowMs,
      untilMs,
      countMatches = () => count(filter, nowMs),
    }: {
      limit: number;
      after?: ListPosition;
      nowMs: number;
      untilMs?: number;
      /** How many records the filter matches, asked only when the plan depends on it. */
      countMatches?: () => number;
    },
  ): { rows: ListedRecord[]; next: ListPosition | null } {
    const filtered = filterConditions(filter, nowMs);
    const { conditions, params } = filtered;
    const index = filtered.index ?? recencyIndex(filter, sort, countMatches);
    const segments = keysets[sort];
    const found: { row: ListedRow; segment: number }[] = [];
    let outOfTime = false;
    // One more row than asked says whether another page follows.
    for (
      let segment = after?.segment ?? 0;
      segment < segments.length && found.length <= limit && !outOfTime;
      segment++
    ) {
      const { where: segmentWhere, columns } = segments[segment] as (typeof segments)[number];
      // Naming the family lets SQLite walk the (org, family, reference) index of the table's unique key.
      const where = sort === 'reference' ? 'family = @family' : segmentWhere;
      const seek = after?.segment === segment ? after.values : [];
      const seekCondition = `(${columns.join(', ')}) ${direction === 'asc' ? '>' : '<'} (${columns.map((_, i) => `@after${i}`).join(', ')})`;
      const sql = `SELECT ${listedColumns} FROM records ${index ? `INDEXED BY ${index}` : ''}
        WHERE ${[...conditions, ...(where ? [where] : []), ...(seek.length ? [seekCondition] : [])].join(' AND ')}
        ORDER BY ${columns.map((column) => `${column} ${direction}`).join(', ')} LIMIT @take`;
      const rows = prepared(sql).iterate({
        ...params,
        ...Object.fromEntries(seek.map((value, i) => [`after${i}`, value])),
        org: organization,
        take: limit + 1 - found.length,
      }) as IterableIterator<ListedRow>;
      for (const row of rows) {
        found.push({ row, segment });
        // A batch of an export ends early rather than hold the event loop; the next resumes after it.
        outOfTime = untilMs !== undefined && performance.now() > untilMs;
        if (outOfTime) break;
      }
    }
    const last = found.length > limit ? found[limit - 1] : outOfTime ? found.at(-1) : undefined;
    const pastDue = pastDueOf(filter, nowMs);
    return {
      rows: found.slice(0, limit).map(({ row }) => toListedRecord(row, pastDue)),
      next: last ? positionAfter(sort, last.segment, last.row) : null,
    };
  }

  function count(filter: ListFilter, nowMs: number): number {
    const { conditions, params, index } = filterConditions(filter, nowMs);
    const sql = `SELECT count(*) AS total FROM records ${index ? `INDEXED BY ${index}` : ''}
      WHERE ${conditions.join(' AND ')}`;
    return (prepared(sql).get({ ...params, org: organization }) as { total: number }).total;
  }

  return { page, count };
}
