import type { Hono } from 'hono';
import { consoleRoutes } from '../../../contract/console-api';
import { orderSchema } from '../../../contract/order';
import { readInstant } from '../../../contract/read-instant';
import {
  type QueueList,
  type QueueRow,
  queueRowLimit,
  type ReaderDay,
  type WorkQueue,
  workQueueDefinitions,
} from '../../../contract/work-queues';
import { holdReason } from '../../../domain/record-states';
import { answerData, installRoute, type Problem, readQuery, refusalOf } from '../../api/console-route';
import type { ServerEnv } from '../../server-env';
import type { ListedRecord } from '../store/list-keysets';
import type { RecordStore } from '../store/record-store-port';
import { type ListRequest, orderListRequest, receiveListRequest } from './index-list-query';

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;

/**
 * The reader's day: `today` a calendar day that exists (its schema says so), `weekTo` the end of that day
 * somewhere on earth (UTC−12 to UTC+14), `weekFrom` seven days earlier give or take the hour a clock change
 * moves.
 */
function readDay(sent: ReaderDay): ReaderDay | Response {
  const todayMs = Date.parse(`${sent.today}T00:00:00Z`);
  const [weekFromMs, weekToMs] = [readInstant(sent.weekFrom, 'from'), readInstant(sent.weekTo, 'to')];
  if (weekToMs === null || weekToMs < todayMs + 10 * hourMs || weekToMs > todayMs + 36 * hourMs) {
    return refusalOf([
      { parameter: 'weekTo', detail: 'weekTo is the instant the reader’s today ends, in ISO 8601.' },
    ]);
  }
  if (weekFromMs === null || Math.abs(weekToMs + 1 - weekFromMs - 7 * dayMs) > hourMs) {
    return refusalOf([
      {
        parameter: 'weekFrom',
        detail: 'weekFrom is the instant the reader’s day six days before today began.',
      },
    ]);
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
    finished: record.finishedMs === null ? null : new Date(record.finishedMs).toISOString(),
  };
}

/** A queue's query read as its list's route reads it. */
function readQueueQuery(list: QueueList, sent: URLSearchParams): ListRequest | Problem[] {
  if (list === 'orders') {
    const read = readQuery(consoleRoutes.listOrders.query, sent);
    return 'problems' in read ? read.problems : orderListRequest(read.query);
  }
  const read = readQuery(consoleRoutes.listReceives.query, sent);
  return 'problems' in read ? read.problems : receiveListRequest(read.query);
}

/** Each queue as its list answers its query: the list's total and first rows. */
export function workQueues(store: RecordStore, day: ReaderDay): Promise<WorkQueue[]> {
  const queues = workQueueDefinitions(day).map(async ({ name, list, query }) => {
    const reading = readQueueQuery(list, new URLSearchParams(query));
    if (Array.isArray(reading))
      throw new Error(`The ${name} queue asks its list for ${reading.map(({ detail }) => detail).join(' ')}`);
    const { filter, order } = reading;
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
  installRoute(app, consoleRoutes.getWorkTrends, async (c, { query: { todayStart } }) =>
    answerData(c, await store.trends(todayStart)),
  );
}
