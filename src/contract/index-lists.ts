import { z } from 'zod';
import {
  bound,
  type ConsoleRoute,
  csv,
  day,
  flag,
  text,
  timeZoneParameter,
  wholeNumber,
  workbook,
} from './console-route';
import type { QueryParameter } from './query-parameters';

/** An order's state as the console's index derives it from its shipments and lines. */
export const orderStates = [
  'entered',
  'picking',
  'held',
  'partly_shipped',
  'shipped',
  'shipped_short',
  'shipped_over',
  'canceled',
] as const;
export type OrderState = (typeof orderStates)[number];

/** Past these an order is no longer late, whatever its ship-by date says. */
export const finishedOrderStates: readonly OrderState[] = [
  'shipped',
  'shipped_short',
  'shipped_over',
  'canceled',
];

/** What `GET /api/index/orders` sorts by: last update, required ship date, primary reference, state. */
export const orderListSorts = ['updated', 'shipBy', 'reference', 'state'] as const;
export type OrderListSort = (typeof orderListSorts)[number];
/** What `GET /api/index/receives` sorts by; `received` is the quantity that arrived. */
export const receiveListSorts = ['updated', 'eta', 'reference', 'state', 'received'] as const;
export type ReceiveListSort = (typeof receiveListSorts)[number];
export const listDirections = ['asc', 'desc'] as const;
export type ListDirection = (typeof listDirections)[number];
/** A receive's or return's completeness, as the index derives it from its lines. */
export const receiveStates = ['awaiting', 'partial', 'complete', 'short', 'over', 'canceled'] as const;
export type ReceiveState = (typeof receiveStates)[number];
/** Receives and returns share one list, one kind at a time. */
export const listedReceiveKinds = ['receive', 'return'] as const;
export type ListedReceiveKind = (typeof listedReceiveKinds)[number];
/** Receives with a line that arrived short, over, or either. */
export const receiveDiscrepancies = ['short', 'over', 'any'] as const;
export type ReceiveDiscrepancy = (typeof receiveDiscrepancies)[number];

/** One order as a list shows it; times are ISO 8601 instants. */
export const orderListRowSchema = z.object({
  reference: z.string(),
  kind: z.literal('order'),
  /** The operator's status code, as sent. */
  status: z.string(),
  state: z.string(),
  /** Past its ship-by date and not yet shipped or canceled, as of the answer. */
  late: z.boolean(),
  warehouse: z.string(),
  customer: z.string(),
  shipBy: z.string().nullable(),
  updated: z.string(),
  ordered: z.number(),
  /** The quantity on finished shipments. */
  shipped: z.number(),
  /** A line shipped short, or over. */
  short: z.boolean(),
  over: z.boolean(),
});
export type OrderListRow = z.infer<typeof orderListRowSchema>;

/** One receive or return as a list shows it; `state` is its completeness. */
export const receiveListRowSchema = z.object({
  reference: z.string(),
  kind: z.enum(listedReceiveKinds),
  status: z.string(),
  state: z.string(),
  warehouse: z.string(),
  /** A receive's supplier, a return's customer (senderOf in receive.ts). */
  sender: z.string(),
  /** A return's original order and its first line's reason; empty for a receive. */
  originalOrder: z.string(),
  reason: z.string(),
  eta: z.string().nullable(),
  /** When it was finalized; null while open or once canceled. */
  finalized: z.string().nullable(),
  updated: z.string(),
  announced: z.number(),
  received: z.number(),
  short: z.boolean(),
  over: z.boolean(),
  /** Units missing on the lines that arrived short (once finalized), and beyond the announced on those over. */
  unitsShort: z.number(),
  unitsOver: z.number(),
});
export type ReceiveListRow = z.infer<typeof receiveListRowSchema>;

/** A page of a list: `nextCursor` asks for the next one (null on the last); `total` counts every match. */
export function indexListPageSchema<T extends z.ZodType>(row: T) {
  return z.object({ rows: z.array(row), nextCursor: z.string().nullable(), total: z.number() });
}

/** At most this many values a filter takes, over repeats and comma lists together. */
const maxFilterValues = 20;
const maxFilterValueLength = 200;

/**
 * A filter's values, repeated (`state=held&state=picking`), comma-separated (`state=held,picking`) or
 * both, each read by `value`; the same value twice counts once.
 */
const filterValues = (value: z.ZodType<string, string>) =>
  z
    .array(z.string().max(maxFilterValueLength, `each value at most ${maxFilterValueLength} characters`))
    .transform((sent) =>
      sent
        .flatMap((values) => values.split(','))
        .map((one) => one.trim())
        .filter((one) => one !== ''),
    )
    .pipe(z.array(value).max(maxFilterValues, `at most ${maxFilterValues} values, over repeats and commas`))
    .transform((values) => [...new Set(values)]);

const oneOf = (allowed: readonly [string, ...string[]]) =>
  z.enum(allowed, { error: (issue) => `“${String(issue.input)}” is none of ${allowed.join(', ')}` });

/** Operator codes (PRS, FIN, CAN and whatever else the operator's open list holds), in any letter case. */
const statusCode = z
  .string()
  .refine((code) => /^[A-Z0-9_-]+$/.test(code.toUpperCase()), {
    error: (issue) => `“${String(issue.input)}” is not a status code`,
  })
  .transform((code) => code.toUpperCase());

const range = (what: string) => ({
  from: {
    description: `A day (YYYY-MM-DD, UTC) or an ISO 8601 instant: ${what} at or after it`,
    schema: bound('from'),
  },
  to: { description: `A day (its end) or an ISO 8601 instant: ${what} at or before it`, schema: bound('to') },
});
const [updated, shipBy, shipped, eta, finished] = [
  range('updated'),
  range('due to ship'),
  range('shipped'),
  range('expected'),
  range('finalized'),
];

/** What every index list takes, with its states; each adds its own filters. */
const listFilters = (states: readonly [string, ...string[]], words: string) =>
  ({
    status: {
      description: 'Operator status codes (PRS, FIN, CAN …), repeated or comma-separated',
      schema: filterValues(statusCode),
      repeated: true,
    },
    state: {
      description: `${words} (${states.join(', ')}), repeated or comma-separated`,
      schema: filterValues(oneOf(states)),
      repeated: true,
    },
    warehouse: {
      description: 'Warehouse codes, repeated or comma-separated',
      schema: filterValues(z.string()),
      repeated: true,
    },
    updatedFrom: updated.from,
    updatedTo: updated.to,
    today: {
      description: "A day that exists, YYYY-MM-DD: the reader's today, which late and overdue are judged by",
      schema: day,
    },
    dir: { description: 'asc or desc', schema: z.enum(listDirections) },
  }) as const satisfies Record<string, QueryParameter>;
const listPage = {
  limit: { description: 'Rows a page, 1 to 200 (default 50)', schema: wholeNumber(1, 200) },
  cursor: { description: 'nextCursor of the page before', schema: text(1000) },
} satisfies Record<string, QueryParameter>;
const orderListQuery = {
  ...listFilters(orderStates, 'Order states'),
  sort: { description: 'updated, shipBy, reference or state', schema: z.enum(orderListSorts) },
  late: { description: 'true: only orders past their ship-by day; false: only the others', schema: flag },
  open: {
    description: 'true: only orders not finished; left out for every order',
    schema: z.literal('true').transform(() => true as const),
  },
  shipByFrom: shipBy.from,
  shipByTo: shipBy.to,
  shippedFrom: shipped.from,
  shippedTo: shipped.to,
} satisfies Record<string, QueryParameter>;
const receiveListQuery = {
  ...listFilters(receiveStates, 'Completeness'),
  sort: { description: 'updated, eta, reference, state or received', schema: z.enum(receiveListSorts) },
  kind: { description: 'receive (the default) or return', schema: z.enum(listedReceiveKinds) },
  discrepancy: { description: 'short, over or any', schema: z.enum(receiveDiscrepancies) },
  overdue: {
    description: 'true: only those past their expected arrival; false: only the others',
    schema: flag,
  },
  refundable: {
    description: 'true: only returns with units still to refund; false: only the others',
    schema: flag,
  },
  etaFrom: eta.from,
  etaTo: eta.to,
  finishedFrom: finished.from,
  finishedTo: finished.to,
} satisfies Record<string, QueryParameter>;

export const listOrdersRoute = {
  method: 'GET',
  path: '/index/orders',
  summary: 'A page of orders from the index, filtered and sorted over all of them, with the total',
  access: 'signed-in',
  query: { ...orderListQuery, ...listPage },
  answer: indexListPageSchema(orderListRowSchema),
} as const satisfies ConsoleRoute;

export const exportOrdersRoute = {
  method: 'GET',
  path: '/index/orders.csv',
  summary: 'The orders of a list, as CSV',
  access: 'exports.download',
  query: { ...orderListQuery, timeZone: timeZoneParameter },
  answer: csv('One row an order, with the columns of the list, headed in words, times in the reader’s zone'),
} as const satisfies ConsoleRoute;

export const exportOrdersWorkbookRoute = {
  ...exportOrdersRoute,
  path: '/index/orders.xlsx',
  summary: 'The orders of a list, as an Excel workbook',
  answer: workbook('The CSV’s rows with typed numbers and dates'),
} as const satisfies ConsoleRoute;

export const listReceivesRoute = {
  method: 'GET',
  path: '/index/receives',
  summary:
    'A page of receives or returns from the index, filtered and sorted over all of them, with the total',
  access: 'signed-in',
  query: { ...receiveListQuery, ...listPage },
  answer: indexListPageSchema(receiveListRowSchema),
} as const satisfies ConsoleRoute;

export const exportReceivesRoute = {
  method: 'GET',
  path: '/index/receives.csv',
  summary: 'The receives or returns of a list, as CSV',
  access: 'exports.download',
  query: { ...receiveListQuery, timeZone: timeZoneParameter },
  answer: csv(
    'One row a receive or return, with the columns of the list, headed in words, times in the reader’s zone',
  ),
} as const satisfies ConsoleRoute;

export const exportReceivesWorkbookRoute = {
  ...exportReceivesRoute,
  path: '/index/receives.xlsx',
  summary: 'The receives or returns of a list, as an Excel workbook',
  answer: workbook('The CSV’s rows with typed numbers and dates'),
} as const satisfies ConsoleRoute;
