import { z } from 'zod';
import { type ConsoleRoute, csv, day, text, timeZoneParameter, wholeNumber, workbook } from './console-route';
import { limits } from './limits';
import { maxExpiringDays } from './stock-limits';

// Stock as the console counts it (src/domain/stock-movements.ts): from the orders, receives and returns it
// holds, not the warehouse's own count.

/** A lot (or serial number, or '' for none captured) of a product in a warehouse, as the console counts it. */
export const stockLevelSchema = z.object({
  productCode: z.string(),
  warehouse: z.string(),
  lot: z.string(),
  expiry: z.string().nullable(),
  received: z.number(),
  returned: z.number(),
  shipped: z.number(),
  onHand: z.number(),
  incoming: z.number(),
  committed: z.number(),
  flags: z.array(z.enum(['shipped_unreceived', 'below_zero'])),
});
export type StockLevelRow = z.infer<typeof stockLevelSchema>;

/** `GET /api/index/stock`: one page of the stock list, by product, warehouse and lot. */
export const stockPageSchema = z.object({
  /** Each with the product's id at the warehouse where the index holds the product, for a link to its page. */
  rows: z.array(stockLevelSchema.extend({ productId: z.string().nullable() })),
  nextCursor: z.string().nullable(),
});
export type StockPageAnswer = z.infer<typeof stockPageSchema>;

/** `GET /api/index/products/{code}/stock`: one product's stock by warehouse and lot. */
export const productStockSchema = z.object({ levels: z.array(stockLevelSchema), truncated: z.boolean() });
export type ProductStockAnswer = z.infer<typeof productStockSchema>;

export const stockListQuery = {
  q: {
    description: 'A product code’s beginning, or a lot or serial number exactly',
    schema: text(limits.maxLength.productCode).transform((sent) => sent.trim()),
  },
  warehouse: { description: 'One warehouse code', schema: text(limits.maxLength.code) },
  expiringWithinDays: {
    description: `Only lots with units on hand expiring within this many days of today, 0 to ${maxExpiringDays} (expired ones too)`,
    schema: wholeNumber(0, maxExpiringDays),
  },
  today: {
    description: 'The reader’s calendar day (YYYY-MM-DD) that “within” counts from; UTC’s when left out',
    schema: day,
  },
  dir: {
    description: 'asc (the default) or desc, by product, warehouse and lot',
    schema: z.enum(['asc', 'desc']),
  },
} as const;

export const listStockRoute = {
  method: 'GET',
  path: '/index/stock',
  summary:
    'A page of stock as the console counts it from the records it holds, by product, warehouse and lot',
  access: 'signed-in',
  query: {
    ...stockListQuery,
    limit: { description: 'Rows a page, 1 to 200 (default 50)', schema: wholeNumber(1, 200) },
    cursor: { description: 'nextCursor of the page before', schema: text(1000) },
  },
  answer: stockPageSchema,
} as const satisfies ConsoleRoute;

export const exportStockRoute = {
  method: 'GET',
  path: '/index/stock.csv',
  summary: 'The stock list, as CSV',
  access: 'exports.download',
  // The reader's time zone, as every export takes it: the stock's columns are days and numbers, not times.
  query: { ...stockListQuery, timeZone: timeZoneParameter },
  answer: csv(
    'One row a product, warehouse and lot, with what came in, went out, is on hand, incoming and committed',
  ),
} as const satisfies ConsoleRoute;

export const exportStockWorkbookRoute = {
  ...exportStockRoute,
  path: '/index/stock.xlsx',
  summary: 'The stock list, as an Excel workbook',
  answer: workbook('The CSV’s rows with typed numbers'),
} as const satisfies ConsoleRoute;

export const getProductStockRoute = {
  method: 'GET',
  path: '/index/products/:productCode/stock',
  summary: 'One product’s stock as the console counts it, by warehouse and lot',
  access: 'signed-in',
  params: {
    productCode: {
      description: `The product's code, 1 to ${limits.maxLength.productCode} characters`,
      schema: z.string().max(limits.maxLength.productCode).regex(/\S/),
    },
  },
  answer: productStockSchema,
} as const satisfies ConsoleRoute;
