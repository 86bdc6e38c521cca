import {
  finishedOrderStates,
  type ListDirection,
  orderStates,
  type ReceiveDiscrepancy,
} from '../../../contract/index-lists';
import { pastDueBefore } from '../../../domain/record-states';
import { type RecordSummary, type SummaryRow, toSummary } from '../records/indexed-record';

// What a list of the index asks and answers, whatever engine keeps it: the filter, the sorts and their
// keysets, the cursor, and the row a list shows. Each engine writes its own SQL for them
// (list-queries.ts, postgres/postgres-list-queries.ts); a cursor one gives, the other reads.

/** What a list filters by; lists of values match any of them, empty lists match everything. */
export type ListFilter = {
  kind: 'order' | 'receive' | 'return';
  statuses: string[];
  states: string[];
  warehouses: string[];
  /** Orders past their ship-by date and not finished (true), or the others (false), as of the query. */
  late?: boolean;
  /** Orders not yet shipped or canceled. */
  open?: boolean;
  /** Receives past their ETA with nothing received, as of the query. */
  overdue?: boolean;
  /** Returns with units not refunded before (true), or none (false): see return-refunds.ts. */
  refundable?: boolean;
  /**
   * The reader's calendar day (YYYY-MM-DD), which late and overdue are judged by: a ship-by date or ETA
   * before it is past. Without it, the UTC day of the query.
   */
  today?: string;
  discrepancy?: ReceiveDiscrepancy;
  dueFromMs?: number;
  dueToMs?: number;
  updatedFromMs?: number;
  updatedToMs?: number;
  /** When an order finished shipping or a receive was finalized. */
  finishedFromMs?: number;
  finishedToMs?: number;
};
export type ListSort = 'updated' | 'due' | 'reference' | 'state' | 'received';
export type ListOrder = { sort: ListSort; direction: ListDirection };
/** Where a page ended: the keyset segment and the values of its sort columns in the last row. */
export type ListPosition = { segment: number; values: (string | number)[] };

/** A record as a list shows it: the columns, and of a return its original order and first line's reason. */
export type ListedRecord = RecordSummary & { late: boolean; originalOrder: string; reason: string };

/** A list's row as both engines read it (PostgreSQL's bigints turned into numbers). */
export type ListedRow = SummaryRow & { id: number; original_order: string | null; reason: string | null };

/** The order states that are not finished: an order in one of them is open, and late once past due. */
export const unfinishedOrderStates: readonly string[] = orderStates.filter(
  (state) => !finishedOrderStates.includes(state),
);

/** The first millisecond of the day late and overdue are judged by: a date before it is past. */
export const pastDueOf = (filter: ListFilter, nowMs: number) =>
  pastDueBefore(filter.today ?? new Date(nowMs).toISOString().slice(0, 10));

/**
 * The conditions of a list that take no parameter, in SQL both engines read: refunds and discrepancies,
 * the latter spelled as the partial index of short and over records is, so that either engine reads it.
 */
export function fixedConditions(filter: ListFilter): string[] {
  const conditions: string[] = [];
  if (filter.refundable !== undefined)
    conditions.push(filter.refundable ? 'refundable > 0' : '(refundable IS NULL OR refundable <= 0)');
  if (filter.discrepancy) {
    conditions.push('(short = 1 OR over = 1)');
    if (filter.discrepancy === 'short') conditions.push('short = 1');
    if (filter.discrepancy === 'over') conditions.push('over = 1');
  }
  return conditions;
}

/** The bounds a list may set, and the comparison of each with its column. */
export const listBounds = [
  ['dueFromMs', 'due_ms >='],
  ['dueToMs', 'due_ms <='],
  ['updatedFromMs', 'updated_ms >='],
  ['updatedToMs', 'updated_ms <='],
  ['finishedFromMs', 'finished_ms >='],
  ['finishedToMs', 'finished_ms <='],
] as const;

/**
 * Each sort's keyset: columns of an index that end in the unique id, so a page starts where the last one
 * ended by a seek, at any depth. Ship-by dates and ETAs may be missing: dated records come first in
 * either direction, then the undated ones by id, each part a keyset of its own (`where`, in SQL both
 * engines read).
 */
export const keysets: Record<ListSort, { where?: string; columns: (keyof ListedRow)[] }[]> = {
  updated: [{ columns: ['updated_ms', 'id'] }],
  due: [
    { where: 'due_ms IS NOT NULL', columns: ['due_ms', 'id'] },
    { where: 'due_ms IS NULL', columns: ['id'] },
  ],
  reference: [{ columns: ['reference', 'id'] }],
  state: [{ columns: ['state', 'updated_ms', 'id'] }],
  received: [{ columns: ['received', 'id'] }],
};
const textColumns = new Set(['reference', 'state']);

/** An opaque cursor: the order it belongs to, and where its page ended. */
export function listCursor(order: ListOrder, position: ListPosition): string {
  const fields = [order.sort, order.direction, position.segment, ...position.values];
  return Buffer.from(JSON.stringify(fields)).toString('base64url');
}

/** The position a cursor of `listPage` names, or null when it is not one given out for this order. */
export function readListCursor(cursor: string, order: ListOrder): ListPosition | null {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(decoded)) return null;
  const [sort, direction, segment, ...values] = decoded as unknown[];
  const columns =
    sort === order.sort && direction === order.direction && Number.isInteger(segment)
      ? keysets[order.sort][segment as number]?.columns
      : undefined;
  const fits =
    columns !== undefined &&
    values.length === columns.length &&
    columns.every((column, i) =>
      textColumns.has(column) ? typeof values[i] === 'string' : Number.isFinite(values[i]),
    );
  return fits ? { segment: segment as number, values: values as (string | number)[] } : null;
}

/** Where a page whose last row is `row`, read in keyset `segment` of `sort`, ended. */
export const positionAfter = (sort: ListSort, segment: number, row: ListedRow): ListPosition => ({
  segment,
  values: (keysets[sort][segment]?.columns ?? []).map((column) => row[column] as string | number),
});

/** The row as a list shows it; an order is late when due before `pastDue` and not finished. */
export function toListedRecord(row: ListedRow, pastDue: number): ListedRecord {
  return {
    ...toSummary(row),
    originalOrder: row.original_order ?? '',
    reason: row.reason ?? '',
    late:
      row.kind === 'order' &&
      row.due_ms !== null &&
      row.due_ms < pastDue &&
      !(finishedOrderStates as readonly string[]).includes(row.state),
  };
}
