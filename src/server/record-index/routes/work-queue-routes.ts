import type { Hono } from 'hono';
import { consoleRoutes } from '../../../contract/console-api';
import { orderSchema } from '../../../contract/order';
import {
  type QueueRow,
  queueRowLimit,
  type ReaderDay,
  type WorkQueue,
  workQueueDefinitions,
} from '../../../contract/work-queues';
import { holdReason } from '../../../domain/record-states';
import { answerData, installRoute } from '../../console-route';
import type { ServerEnv } from '../../server-env';
import type { ListedRecord } from '../store/list-keysets';
import type { RecordStore } from '../store/record-store-port';
import { readOrderListQuery, readReceiveListQuery } from './index-list-query';
import { badParameter } from './index-list-routes';
import { isDay, readInstant } from './read-instant';

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;

/**
 * The reader's day: `today` a calendar day that exists, `weekTo` the end of that day somewhere on earth
 * (UTC−12 to UTC+14), `weekFrom` seven days earlier give or take the hour a clock change moves.
 */
function readDay(sent: Record<'today' | 'weekFrom' | 'weekTo', string>): ReaderDay | Response {
  const todayMs = isDay(sent.today) ? readInstant(sent.today, 'from') : null;
  if (todayMs === null) return badParameter('today', 'today is the reader’s calendar day, YYYY-MM-DD.');
  const [weekFromMs, weekToMs] = [readInstant(sent.weekFrom, 'from'), readInstant(sent.weekTo, 'to')];
  if (weekToMs === null || weekToMs < todayMs + 10 * hourMs || weekToMs > todayMs + 36 * hourMs) {
    return badParameter('weekTo', 'weekTo is the instant the reader’s today ends, in ISO 8601.');
  }
  if (weekFromMs === null || Math.abs(weekToMs + 1 - weekFromMs - 7 * dayMs) > hourMs) {
    return badParameter('weekFrom', 'weekFrom is the instant the reader’s day six days before today began.');
  }
  return sent;
}

async function queueRow(store: RecordStore, record: ListedRecord): Promise<QueueRow> {
  const document =
    record.state === 'held' ? (await store.find('order', record.reference))?.document : undefined;
  const order = document ? orderSchema.safeParse(document) : null;
  return {
    reference: record.reference,
    kind: record.kind === 'order' || record.kind === 'return' ? record.kind : 'receive',
    status: record.status,
    state: record.state,
    title: record.title,
    due: record.dueMs === null ? null : new Date(record.dueMs).toISOString(),
    holdReason: order?.success ? holdReason(order.data) : null,
  };
}

/** Each queue as its list answers its query: the list's total and first rows. */
export function workQueues(store: RecordStore, day: ReaderDay): Promise<WorkQueue[]> {
  const queues = workQueueDefinitions(day).map(async ({ name, list, query }) => {
    const read = list === 'orders' ? readOrderListQuery : readReceiveListQuery;
    const reading = read(new URLSearchParams(query), { paged: false });
    if (!reading.ok)
      throw new Error(`The ${name} queue asks its list for ${reading.parameter}: ${reading.detail}`);
    const { filter, order } = reading.request;
    const { rows, total } = await store.listPage(filter, order, { limit: queueRowLimit });
    return { name, total, rows: await Promise.all(rows.map((record) => queueRow(store, record))) };
  });
  return Promise.all(queues);
}

/**
 * The home page's work queues, for the caller's organization, behind the session guard:
 * `GET /api/index/queues?today&weekFrom&weekTo` (each queue's count and first rows) and
 * `GET /api/index/trends?todayStart` (on-time shipping per day, receive fill rate per week).
 */
export function installWorkQueueRoutes(app: Hono<ServerEnv>, { store }: { store: RecordStore }): void {
  installRoute(app, consoleRoutes.getWorkQueues, async (c, { query }) => {
    const day = readDay(query);
    if (day instanceof Response) return day;
    return answerData(c, { queues: await workQueues(store, day) });
  });
  installRoute(app, consoleRoutes.getWorkTrends, async (c, { query: { todayStart } }) => {
    const todayStartMs = readInstant(todayStart, 'from');
    if (todayStartMs === null) {
      return badParameter('todayStart', 'todayStart is the instant the reader’s today began, in ISO 8601.');
    }
    return answerData(c, await store.trends(todayStartMs));
  });
}
