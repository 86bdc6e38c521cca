import type pg from 'pg';
import { finishedOrderStates } from '../../../../contract/index-lists';
import { ORIGINAL_ORDER_KEY, RETURN_REASON_PREFIX } from '../../../../contract/return-references';
import type { PostgresDatabase } from '../../../store/postgres/postgres-database';
import {
  fixedConditions,
  keysets,
  type ListedRecord,
  type ListedRow,
  type ListFilter,
  type ListOrder,
  type ListPosition,
  listBounds,
  listCursor,
  pastDueOf,
  positionAfter,
  readListCursor,
  toListedRecord,
  unfinishedOrderStates,
} from '../list-keysets';
import type { RecordStore } from '../record-store-port';
import { type BigintsAsText, bigintsAsNumbers } from './postgres-record-row';

/** A pool, or the client of a transaction. */
type Queryable = Pick<pg.Pool, 'query'>;

/** A list's row as pg reads it. */
type PostgresListedRow = Omit<ListedRow, keyof BigintsAsText> & BigintsAsText;

/**
 * An additional reference of a return's document (see return-references.ts), by a test on its key: the
 * first in the document's order, as SQLite's json_each reads it.
 */
const returnReference = (keyTest: string) =>
  `CASE WHEN kind = 'return' THEN (SELECT item ->> 'value'
    FROM jsonb_array_elements(doc::jsonb -> 'additionalReferences') WITH ORDINALITY AS refs (item, position)
    WHERE ${keyTest} ORDER BY position LIMIT 1) END`;

const listedColumns = `id, reference, kind, status, state, warehouse, title, due_ms, updated_ms, announced, received,
  short, over, finished_ms, units_short, units_over, created_ms,
  ${returnReference(`item ->> 'key' = '${ORIGINAL_ORDER_KEY}'`)} AS original_order,
  ${returnReference(`left(item ->> 'key', ${RETURN_REASON_PREFIX.length}) = '${RETURN_REASON_PREFIX}'`)} AS reason`;

/** The WHERE of a list as list-queries.ts writes it for SQLite, with positional parameters. */
function filterConditions(organization: string, filter: ListFilter, pastDue: number) {
  const params: unknown[] = [];
  const bind = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const conditions = [`org = ${bind(organization)}`, `kind = ${bind(filter.kind)}`];
  const anyOf = (column: string, values: readonly string[]) => {
    if (values.length === 0) return;
    // One value is an equality, which an index on (org, kind, column, updated_ms, id) serves in order.
    conditions.push(
      values.length === 1 ? `${column} = ${bind(values[0])}` : `${column} = ANY (${bind(values)}::text[])`,
    );
  };
  anyOf('status', filter.statuses);
  anyOf('state', filter.states);
  anyOf('warehouse', filter.warehouses);
  if (filter.late !== undefined) {
    conditions.push(
      filter.late
        ? `state = ANY (${bind(unfinishedOrderStates)}::text[]) AND due_ms < ${bind(pastDue)}`
        : `(due_ms IS NULL OR due_ms >= ${bind(pastDue)} OR state = ANY (${bind(finishedOrderStates)}::text[]))`,
    );
  }
  if (filter.open) conditions.push(`state = ANY (${bind(unfinishedOrderStates)}::text[])`);
  if (filter.overdue !== undefined) {
    conditions.push(
      filter.overdue
        ? `state = 'awaiting' AND due_ms < ${bind(pastDue)}`
        : `(due_ms IS NULL OR due_ms >= ${bind(pastDue)} OR state <> 'awaiting')`,
    );
  }
  conditions.push(...fixedConditions(filter));
  for (const [name, comparison] of listBounds) {
    const value = filter[name];
    if (value !== undefined) conditions.push(`${comparison} ${bind(value)}`);
  }
  return { conditions, params, bind };
}

/** Up to this many matches are found by the filter's index and sorted (a few ms); more are met in order. */
const maxSortedMatches = 5_000;

/**
 * Whether a page finds every match and sorts them rather than walk the sort's index. Left to itself,
 * PostgreSQL takes matches for spread evenly, and walks from the index's end in search of a few that sit
 * at the other (open orders by ship-by date: docs/performance.md). Late and open orders,
 * overdue receives and records of some states finished within days are few by nature, and any filter's
 * matches when it counted few; many are met often enough walking the records in order.
 */
function sortsMatches(filter: ListFilter, total: number): boolean {
  const finishedBounds = filter.finishedFromMs !== undefined || filter.finishedToMs !== undefined;
  const fewByNature =
    filter.late || filter.overdue || filter.open || (filter.states.length > 0 && finishedBounds);
  return total <= maxSortedMatches || Boolean(fewByNature);
}

/** A sort column the planner cannot read in order from an index: the same values, in the same order. */
const notFromIndex = (column: keyof ListedRow) =>
  column === 'reference' || column === 'state' ? `(${column} || '')` : `(${column} + 0)`;

/** One page of a list read on `db`, after `after`; `limit + 1` rows are asked to learn whether more follow. */
async function readPage(
  db: Queryable,
  organization: string,
  filter: ListFilter,
  { sort, direction }: ListOrder,
  {
    limit,
    after,
    pastDue,
    sortFound,
  }: { limit: number; after?: ListPosition; pastDue: number; sortFound: boolean },
): Promise<{ rows: ListedRecord[]; next: ListPosition | null }> {
  const segments = keysets[sort];
  const found: { row: ListedRow; segment: number }[] = [];
  for (let segment = after?.segment ?? 0; segment < segments.length && found.length <= limit; segment++) {
    const { where, columns } = segments[segment] as (typeof segments)[number];
    const { conditions, params, bind } = filterConditions(organization, filter, pastDue);
    if (where) conditions.push(where);
    if (after?.segment === segment) {
      const seek = after.values.map((value) => bind(value));
      conditions.push(`(${columns.join(', ')}) ${direction === 'asc' ? '>' : '<'} (${seek.join(', ')})`);
    }
    const { rows } = await db.query<PostgresListedRow>(
      `SELECT ${listedColumns} FROM records WHERE ${conditions.join(' AND ')}
       ORDER BY ${columns.map((column) => `${sortFound ? notFromIndex(column) : column} ${direction}`).join(', ')}
       LIMIT ${bind(limit + 1 - found.length)}`,
      params,
    );
    for (const row of rows) found.push({ row: bigintsAsNumbers(row), segment });
  }
  const last = found.length > limit ? found[limit - 1] : undefined;
  return {
    rows: found.slice(0, limit).map(({ row }) => toListedRecord(row, pastDue)),
    next: last ? positionAfter(sort, last.segment, last.row) : null,
  };
}

async function countMatches(db: Queryable, organization: string, filter: ListFilter, pastDue: number) {
  const { conditions, params } = filterConditions(organization, filter, pastDue);
  const { rows } = await db.query<{ total: string }>(
    `SELECT count(*) AS total FROM records WHERE ${conditions.join(' AND ')}`,
    params,
  );
  return Number(rows[0]?.total ?? 0);
}

/**
 * The index's lists on PostgreSQL, as RecordStore's `listPage`, `readListCursor` and `listBatches`: the
 * same filters, sorts, keysets and cursors as SQLite's (list-keysets.ts), so a cursor either engine gave
 * out reads the same on the other. A page is a seek in the index of its sort (see the schema), or few
 * matches found by the filter's index and sorted (sortsMatches).
 */
export function postgresListQueries(
  db: PostgresDatabase,
  { organization, now = Date.now }: { organization: string; now?: () => number },
): Pick<RecordStore, 'listPage' | 'readListCursor' | 'listBatches'> {
  return {
    /** The count is exact, and tells how the page is best read (sortsMatches). */
    async listPage(filter, order, { limit, after }) {
      const pastDue = pastDueOf(filter, now());
      const total = await countMatches(db, organization, filter, pastDue);
      const sortFound = sortsMatches(filter, total);
      const { rows, next } = await readPage(db, organization, filter, order, {
        limit,
        after,
        pastDue,
        sortFound,
      });
      return { rows, nextCursor: next ? listCursor(order, next) : null, total };
    },
    readListCursor,
    /**
     * The batches are read from one snapshot, a read-only repeatable-read transaction on a client of its
     * own, page by page from where the last page read ended. As SQLite's do, a batch ends early once
     * `budgetMs` passed; rows read and not yet handed over begin the next one.
     */
    async *listBatches(filter, order, { batchSize, budgetMs }) {
      const client = await db.connect();
      let broken: Error | undefined;
      try {
        await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
        const pastDue = pastDueOf(filter, now());
        const sortFound = sortsMatches(filter, await countMatches(client, organization, filter, pastDue));
        let read: ListedRecord[] = [];
        let handedOver = 0;
        let after: ListPosition | undefined;
        let more = true;
        for (;;) {
          const untilMs = performance.now() + budgetMs;
          const batch: ListedRecord[] = [];
          while (batch.length < batchSize) {
            if (handedOver === read.length) {
              if (!more) break;
              const page = await readPage(client, organization, filter, order, {
                limit: batchSize,
                after,
                pastDue,
                sortFound,
              });
              [read, handedOver, after, more] = [page.rows, 0, page.next ?? undefined, page.next !== null];
              if (read.length === 0) break;
            }
            batch.push(read[handedOver++] as ListedRecord);
            if (performance.now() > untilMs) break;
          }
          if (batch.length === 0) return;
          yield batch;
        }
      } finally {
        // Also when the consumer stopped early: the snapshot ends and the client goes back to the pool.
        await client.query('ROLLBACK').catch((error: Error) => {
          broken = error;
        });
        client.release(broken);
      }
    },
  };
}
