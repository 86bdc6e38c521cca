import { z } from 'zod';
import { type ConsoleRoute, flag, type PathParameter, text } from './console-route';
import { limits } from './limits';

/**
 * Where the index's version of a record came from: the operator's webhook, the sync over its listing, a
 * lookup at the operator, or the console's own write.
 */
export const indexSources = ['webhook', 'sync', 'lookup', 'console'] as const;
export type IndexSource = (typeof indexSources)[number];

/** What `GET /api/index/records/{kind}/{reference}` reads; `receive` finds returns too (receives with subtype RET). */
export const indexedRecordKinds = ['order', 'receive', 'return'] as const;
export type IndexedRecordKind = (typeof indexedRecordKinds)[number];

/** How fresh the console's copy of a record is; times are ISO 8601 instants. */
export const freshnessSchema = z.object({
  source: z.enum(indexSources),
  /** When the index stored this version, or last read it again from the operator. */
  asOf: z.string(),
  /** The record's dateLastUpdated at the operator. */
  updated: z.string().nullable(),
});
export type Freshness = z.infer<typeof freshnessSchema>;

/** A record as the index holds it: the operator's document (member names in camelCase) and its freshness. */
export const indexedRecordSchema = freshnessSchema.extend({
  kind: z.enum(indexedRecordKinds),
  reference: z.string(),
  document: z.record(z.string(), z.unknown()),
});

/** A record's primary reference in a path, matched exactly. */
export const recordReference = {
  description: `The record's primary reference (a product's code), 1 to ${limits.maxLength.reference} characters`,
  schema: z.string().max(limits.maxLength.reference).regex(/\S/),
} as const satisfies PathParameter;

/** Up to this many returns of one order are read; an order sent back more often than this is not a real one. */
export const maxReturnsOfOrder = 100;

/** `GET /api/index/orders/{reference}/returns`: the returns naming the order as their original, oldest change first. */
export const orderReturnsSchema = z.object({ returns: z.array(indexedRecordSchema) });

/** How many product codes one description lookup may ask for: more than any page shows. */
export const maxProductDescriptionCodes = 200;

/**
 * `GET /api/index/products/descriptions?code=A&code=B`: the descriptions of the codes the index knows;
 * codes it does not know are simply absent.
 */
export const productDescriptionsSchema = z.object({
  products: z.array(z.object({ productCode: z.string(), productDescription: z.string() })),
});

const syncRunSchema = z.object({
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  pages: z.number(),
  stored: z.number(),
  duplicate: z.number(),
  stale: z.number(),
  unreadable: z.number(),
  error: z.string().nullable(),
});

/** `GET /api/index/status`: webhook intake, the sync, how far the index has caught up, records per kind. */
export const indexStatusSchema = z.object({
  webhooks: z.object({
    enabled: z.boolean(),
    received: z.number(),
    stored: z.number(),
    duplicate: z.number(),
    stale: z.number(),
    rejected: z.number(),
    /** Epoch milliseconds of the last delivery, or null before the first. */
    lastReceivedAt: z.number().nullable(),
    recentRejections: z.array(
      z.object({
        at: z.string(),
        reason: z.string().nullable(),
        bytes: z.number(),
        excerpt: z.string().nullable(),
      }),
    ),
  }),
  /** Null when the console runs no sync. */
  sync: z
    .object({
      mode: z.enum(['listing', 'webhooks-only']),
      problem: z.string().nullable(),
      intervalSeconds: z.number(),
      running: z.boolean(),
      lastRun: syncRunSchema.nullable(),
      nextRunAt: z.string().nullable(),
      checkpoints: z.record(z.string(), z.string().nullable()),
      /** Of a team's consoles on one database, which runs the sync; null for a console alone. */
      team: z
        .object({
          thisConsole: z.string(),
          leader: z.object({ console: z.string(), since: z.string() }).nullable(),
        })
        .nullable(),
    })
    .nullable(),
  /** The index checked against the operator (read-back.ts, drift-check.ts); null where none runs. */
  checks: z
    .object({
      readBack: z.object({
        reads: z.number(),
        repaired: z.number(),
        failed: z.number(),
        dropped: z.number(),
        waiting: z.number(),
      }),
      drift: z.object({
        checked: z.number(),
        differing: z.number(),
        repaired: z.number(),
        failed: z.number(),
        lastCheckAt: z.string().nullable(),
        lastDriftAt: z.string().nullable(),
        lastDriftReference: z.string().nullable(),
      }),
    })
    .nullable(),
  newestChange: z.string().nullable(),
  lagSeconds: z.number().nullable(),
  records: z.record(z.string(), z.number()),
});
export type IndexStatus = z.infer<typeof indexStatusSchema>;

export const getIndexStatusRoute = {
  method: 'GET',
  path: '/index/status',
  summary: 'How current the index is: webhooks, sync, checks, lag and counts',
  access: 'signed-in',
  answer: indexStatusSchema,
} as const satisfies ConsoleRoute;

export const getRecordRoute = {
  method: 'GET',
  path: '/index/records/:kind/:reference',
  summary:
    'An order, receive or return as the index holds it (asked of the warehouse when the index lacks it), with its freshness',
  access: 'signed-in',
  params: {
    kind: { description: 'order, receive (returns too) or return', schema: z.enum(indexedRecordKinds) },
    reference: recordReference,
  },
  query: {
    refresh: { description: 'true: ask the warehouse first; false (the default): the index', schema: flag },
  },
  answer: indexedRecordSchema,
} as const satisfies ConsoleRoute;

export const getOrderReturnsRoute = {
  method: 'GET',
  path: '/index/orders/:reference/returns',
  summary: 'The returns the index holds of an order',
  access: 'signed-in',
  params: { reference: recordReference },
  answer: orderReturnsSchema,
} as const satisfies ConsoleRoute;

export const getProductDescriptionsRoute = {
  method: 'GET',
  path: '/index/products/descriptions',
  summary: 'The descriptions of the product codes a page shows',
  access: 'signed-in',
  query: {
    code: {
      description: `Product codes, repeated: at most ${maxProductDescriptionCodes} product codes of at most ${limits.maxLength.productCode} characters each`,
      // The same code asked twice is asked once.
      schema: z
        .array(text(limits.maxLength.productCode))
        .transform((codes) => [...new Set(codes)])
        .pipe(z.array(z.string()).max(maxProductDescriptionCodes)),
      repeated: true,
    },
  },
  answer: productDescriptionsSchema,
} as const satisfies ConsoleRoute;
