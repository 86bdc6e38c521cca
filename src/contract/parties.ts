import { z } from 'zod';
import { type ConsoleRoute, text } from './console-route';

// A customer's page and a supplier's record, from the console's index: their records found by the key
// src/domain/parties.ts makes (a customer by email, else name and postal code; a supplier by its name).

const partyKey = (what: string) => ({
  description: `The ${what}'s key, as the console's links carry it (1 to 320 characters)`,
  schema: z.string().min(1).max(320).regex(/\S/),
});
const cursor = { description: 'nextCursor of the page before', schema: text(200) };

/** An order or return of a customer, as their page lists it. */
export const customerRecordSchema = z.object({
  kind: z.enum(['order', 'return']),
  reference: z.string(),
  state: z.string(),
  status: z.string(),
  created: z.string().nullable(),
  updated: z.string().nullable(),
  /** What it held: each line's product and units. */
  /** productName: the product's description where the index holds the product, else null. */
  lines: z.array(
    z.object({ productCode: z.string(), productName: z.string().nullable(), quantity: z.number() }),
  ),
  /** A return's original order, else ''. */
  originalOrder: z.string(),
});
export type CustomerRecord = z.infer<typeof customerRecordSchema>;

/** `GET /api/index/customers/{key}`: a customer's contact details, their orders and returns, and counts. */
export const customerPageSchema = z.object({
  key: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.array(z.string()),
  ordersPlaced: z.number(),
  returnsSent: z.number(),
  records: z.array(customerRecordSchema),
  nextCursor: z.string().nullable(),
});
export type CustomerPage = z.infer<typeof customerPageSchema>;

export const getCustomerRoute = {
  method: 'GET',
  path: '/index/customers/:key',
  summary: 'A customer’s orders and returns with their contact details, from the index',
  access: 'signed-in',
  params: { key: partyKey('customer') },
  query: { cursor },
  answer: customerPageSchema,
} as const satisfies ConsoleRoute;

/** A receive of a supplier, as their record lists it. */
export const supplierReceiveSchema = z.object({
  reference: z.string(),
  state: z.string(),
  status: z.string(),
  eta: z.string().nullable(),
  finished: z.string().nullable(),
  announced: z.number(),
  received: z.number(),
  unitsShort: z.number(),
  unitsOver: z.number(),
  /** Whole days it was finalized after its expected date (negative: early); null before either is known. */
  daysLate: z.number().nullable(),
  /** Days left to claim it, for a receive short or over whose claim window is open; else null. */
  claimDaysLeft: z.number().nullable(),
  /** While its window is open, what the units short and over are worth, a total per currency. */
  claimWorth: z.array(z.object({ currency: z.string(), short: z.number(), over: z.number() })),
});
export type SupplierReceive = z.infer<typeof supplierReceiveSchema>;

/** `GET /api/index/suppliers/{key}`: every receive of a supplier, and how they came. */
export const supplierPageSchema = z.object({
  key: z.string(),
  name: z.string(),
  totals: z.object({
    receives: z.number(),
    short: z.number(),
    over: z.number(),
    /** Of all the supplier's receives, the percent that came short, and over. */
    shortRate: z.number(),
    overRate: z.number(),
    announced: z.number(),
    unitsShort: z.number(),
    unitsOver: z.number(),
    /** Finalized more than a day after their expected date. */
    late: z.number(),
  }),
  receives: z.array(supplierReceiveSchema),
  nextCursor: z.string().nullable(),
});
export type SupplierPage = z.infer<typeof supplierPageSchema>;

export const getSupplierRoute = {
  method: 'GET',
  path: '/index/suppliers/:key',
  summary: 'Every receive of a supplier, with how often it came short or over and how late, from the index',
  access: 'signed-in',
  params: { key: partyKey('supplier') },
  query: { cursor },
  answer: supplierPageSchema,
} as const satisfies ConsoleRoute;
