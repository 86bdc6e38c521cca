import { z } from 'zod';
import { bound, type ConsoleRoute, day, instant } from './console-route';
import type { QueryParameter } from './query-parameters';

/**
 * The reader's day, as the browser sends it: `today` is its calendar day (ship-by dates and ETAs are
 * calendar days), `weekFrom`/`weekTo` the instants its day six days ago began and today ends.
 */
export type ReaderDay = { today: string; weekFrom: string; weekTo: string };

/** The list a queue's records are in, and its page's path. */
export type QueueList = 'orders' | 'receives' | 'returns';

/**
 * One queue: its list, the query `GET /api/index/<orders|receives>` answers it with (so its count is
 * that list's total, by construction), and the list page's URL search that shows exactly those records.
 */
export type QueueDefinition = {
  name: WorkQueueName;
  list: QueueList;
  query: Record<string, string>;
  search: Record<string, string | boolean>;
};

export const workQueueNames = [
  'ordersLate',
  'ordersDueToday',
  'ordersOnHold',
  'ordersShippedShort',
  'receivesOverdue',
  'receivesFinishedShortOrOver',
  'returnsAwaiting',
  'returnsReceived',
] as const;
export type WorkQueueName = (typeof workQueueNames)[number];

/** YYYY-MM-DD, `days` calendar days from `day`. */
export function calendarDayFrom(day: string, days: number): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

export function workQueueDefinitions({ today, weekFrom, weekTo }: ReaderDay): QueueDefinition[] {
  const week = { from: calendarDayFrom(today, -6), to: today };
  const same = (
    name: WorkQueueName,
    list: QueueList,
    search: Record<string, string | boolean>,
    extra: Record<string, string> = {},
  ): QueueDefinition => ({
    name,
    list,
    search,
    query: {
      ...(list === 'orders' ? {} : { kind: list === 'returns' ? 'return' : 'receive' }),
      ...Object.fromEntries(Object.entries(search).map(([key, value]) => [key, String(value)])),
      ...extra,
    },
  });
  return [
    // Late and overdue as of the reader's day: a ship-by date or ETA of today is due, not past.
    same('ordersLate', 'orders', { late: true, sort: 'shipBy', dir: 'asc' }, { today }),
    same('ordersDueToday', 'orders', {
      open: true,
      shipByFrom: today,
      shipByTo: today,
      sort: 'shipBy',
      dir: 'asc',
    }),
    same('ordersOnHold', 'orders', { state: 'held', sort: 'shipBy', dir: 'asc' }),
    same(
      'ordersShippedShort',
      'orders',
      { state: 'shipped_short', shippedFrom: week.from, shippedTo: week.to },
      { shippedFrom: weekFrom, shippedTo: weekTo },
    ),
    same('receivesOverdue', 'receives', { overdue: true, sort: 'eta', dir: 'asc' }, { today }),
    same(
      'receivesFinishedShortOrOver',
      'receives',
      { discrepancy: 'any', finishedFrom: week.from, finishedTo: week.to },
      { finishedFrom: weekFrom, finishedTo: weekTo },
    ),
    same('returnsAwaiting', 'returns', { state: 'awaiting', sort: 'eta', dir: 'asc' }),
    // Ready to refund: finalized with everything announced received, in the last 7 days, with units no
    // earlier return of the order received (unitsToRefund in return-allowance.ts says why those).
    same(
      'returnsReceived',
      'returns',
      { status: 'FIN', state: 'complete', refundable: true, finishedFrom: week.from, finishedTo: week.to },
      { finishedFrom: weekFrom, finishedTo: weekTo },
    ),
  ];
}

/** How many first rows each queue shows. */
export const queueRowLimit = 5;

export const queueRowSchema = z.object({
  reference: z.string(),
  kind: z.enum(['order', 'receive', 'return']),
  status: z.string(),
  state: z.string(),
  /** Customer (orders) or sender (receives, returns). */
  title: z.string(),
  /** Ship-by date or ETA, ISO 8601. */
  due: z.string().nullable(),
  /** Why a held order waits, when the operator said. */
  holdReason: z.string().nullable(),
  /** When an order finished shipping or a receive was finalized, ISO 8601: a claim window counts from it. */
  finished: z.string().nullable(),
});
export type QueueRow = z.infer<typeof queueRowSchema>;

export const workQueueSchema = z.object({
  name: z.enum(workQueueNames),
  total: z.number(),
  rows: z.array(queueRowSchema),
});
export type WorkQueue = z.infer<typeof workQueueSchema>;

export const workQueuesSchema = z.object({ queues: z.array(workQueueSchema) });

/** On-time shipping per day (0 today) and fill rate per week (0 the last seven days), oldest first. */
export const workTrendsSchema = z.object({
  days: z.array(z.object({ daysAgo: z.number(), shipped: z.number(), onTime: z.number() })),
  weeks: z.array(
    z.object({ weeksAgo: z.number(), receives: z.number(), announced: z.number(), received: z.number() }),
  ),
});
export type WorkTrends = z.infer<typeof workTrendsSchema>;
export const trendDays = 14;
export const trendWeeks = 8;

const readerWeek = {
  today: { description: "The reader's calendar day, YYYY-MM-DD", schema: day, required: true },
  weekFrom: instant("The instant the reader's day six days before today began, ISO 8601"),
  weekTo: instant("The instant the reader's today ends, ISO 8601"),
} satisfies Record<string, QueryParameter>;

export const getWorkQueuesRoute = {
  method: 'GET',
  path: '/index/queues',
  summary: 'What needs attention: late, held, short, with the first rows of each',
  access: 'signed-in',
  query: readerWeek,
  answer: workQueuesSchema,
} as const satisfies ConsoleRoute;

export const getWorkTrendsRoute = {
  method: 'GET',
  path: '/index/trends',
  summary: 'Orders shipped and receives finished by day and by week',
  access: 'signed-in',
  query: {
    todayStart: {
      description: "The instant the reader's today began, ISO 8601",
      schema: bound('from'),
      required: true,
    },
  },
  answer: workTrendsSchema,
} as const satisfies ConsoleRoute;
