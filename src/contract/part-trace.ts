import { z } from 'zod';
import { postalAddressSchema } from './address';
import { keyValueSchema } from './common';
import { type ConsoleRoute, csv, timeZoneParameter, workbook } from './console-route';
import type { QueryParameter } from './query-parameters';
import { maxTracedValueLength } from './traced-value';

/** At most this many orders, receives and returns make one trace; a lot on more says so (`truncated`). */
export const maxTraceRecords = 2000;

/** Where a lot or serial number was seen: brought in, taken to a customer, or brought back. */
export const traceEntrySchema = z.object({
  movement: z.enum(['received', 'shipped', 'returned']),
  /** The receive, order or return (RMA) reference. */
  reference: z.string(),
  productCode: z.string(),
  quantity: z.number(),
  /** The attribute that held the value (`LOT`, `SN` …). */
  attributeKey: z.string(),
  /** The subline's other attributes: an expiry date beside a lot, a lot beside a serial number. */
  otherAttributes: z.array(keyValueSchema),
  /** When it arrived or shipped; null while it has not (a shipment still being picked). */
  date: z.string().nullable(),
  /** The supplier of a receive; the customer of a shipment or a return. */
  party: z.string(),
  email: z.string(),
  phone: z.string(),
  /**
   * Where the shipment went, or where a receive or return came from; null when the record names none, and
   * in entries the index kept before it held addresses, until its upgrade writes them again.
   */
  address: postalAddressSchema.nullable(),
  /** A shipment's tracking number. */
  trackingNumber: z.string(),
  /** A return's original order. */
  originalOrder: z.string(),
});
export type TraceEntry = z.infer<typeof traceEntrySchema>;

/** `GET /api/trace?q=`: a lot or serial number from receipt to customers and back. */
export const partTraceSchema = z.object({
  value: z.string(),
  entries: z.array(traceEntrySchema),
  received: z.number(),
  /** Units on shipments that left the warehouse (a date), not those still being picked. */
  shipped: z.number(),
  returned: z.number(),
  /**
   * Received, less shipped, plus returned: still in the warehouse, or gone where no record says. Negative
   * when more shipped than the records show came in (a receive the console never held).
   */
  unaccounted: z.number(),
  /** More records hold the value than one trace reads (maxTraceRecords). */
  truncated: z.boolean(),
});
export type PartTrace = z.infer<typeof partTraceSchema>;

const tracedValue = {
  description: `One lot or serial number: at most ${maxTracedValueLength} characters, no control characters`,
  schema: z
    .string()
    .trim()
    .min(1)
    .max(maxTracedValueLength)
    .regex(/^\P{Cc}*$/u),
  required: true,
} as const satisfies QueryParameter;

export const traceLotRoute = {
  method: 'GET',
  path: '/trace',
  summary:
    'A lot or serial number end to end: the receive that brought it, the customers who got it, the returns',
  access: 'signed-in',
  query: { q: tracedValue },
  answer: partTraceSchema,
} as const satisfies ConsoleRoute;

export const exportRecallListRoute = {
  method: 'GET',
  path: '/trace.csv',
  summary: 'The customers who got a lot or serial number, as CSV',
  access: 'exports.download',
  query: { q: tracedValue, timeZone: timeZoneParameter },
  answer: csv(
    'One row a shipment: customer, contact, postal address, order, ship date (the reader’s time), quantity',
  ),
} as const satisfies ConsoleRoute;

export const exportRecallWorkbookRoute = {
  ...exportRecallListRoute,
  path: '/trace.xlsx',
  summary: 'The customers who got a lot or serial number, as an Excel workbook',
  answer: workbook('The recall list’s rows with typed quantities and dates'),
} as const satisfies ConsoleRoute;
