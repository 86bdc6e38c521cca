import { z } from 'zod';
import { type ConsoleRoute, flag, text, wholeNumber } from './console-route';

/** What `GET /api/search` finds: returns are receives of their own kind. */
export const searchKinds = ['order', 'receive', 'return', 'product'] as const;
export type SearchKind = (typeof searchKinds)[number];

/** At most this many matches a page, and past this many no page starts. */
export const searchLimits = { maxLimit: 100, maxOffset: 1000, maxQueryLength: 200 } as const;

/** One record a search found, and which of its values it found it by. */
export const searchMatchSchema = z.object({
  kind: z.enum(searchKinds),
  id: z.string(),
  /** The product code for a product. */
  primaryReference: z.string(),
  title: z.string(),
  status: z.string(),
  state: z.string(),
  /** The field the query matched, as the index names it: `shipTo.emailAddress`, `partAttributes.lot`… */
  matchedField: z.string(),
  /** That field's value (its first 200 characters). */
  snippet: z.string(),
  /** Null when what was typed found it; else the query, a letter or two from it, that did (a typo read). */
  spelledAs: z.string().nullable(),
  /** When the operator created it (an order's date), ISO 8601; null for a product or when not sent. */
  created: z.string().nullable(),
  /**
   * Its first lines, and how many it has in all (none for a product); each line's product by its name (its
   * description in the index), null when the index does not know it.
   */
  items: z.array(
    z.object({
      productCode: z.string(),
      quantity: z.number(),
      productName: z.string().nullable().optional(),
    }),
  ),
  lines: z.number(),
  /** An order's first tracking numbers, and how many it has in all. */
  trackingNumbers: z.array(z.string()),
  tracked: z.number(),
});
export type SearchMatch = z.infer<typeof searchMatchSchema>;

/**
 * A page of matches, best first; `hasMore` says a page follows. `total` counts the matches the search
 * found: all of them when `totalExact`, else at least that many.
 */
export const searchPageSchema = z.object({
  matches: z.array(searchMatchSchema),
  hasMore: z.boolean(),
  total: z.number(),
  totalExact: z.boolean(),
});
export type SearchPage = z.infer<typeof searchPageSchema>;

export const searchRoute = {
  method: 'GET',
  path: '/search',
  summary:
    'Search the index for what a customer quotes: references, contacts, names, tracking, lots and serials',
  access: 'signed-in',
  query: {
    q: { description: 'What was typed', schema: text(searchLimits.maxQueryLength) },
    kind: { description: 'Only records of this kind', schema: z.enum(searchKinds) },
    limit: {
      description: `Matches a page, 1 to ${searchLimits.maxLimit}`,
      schema: wholeNumber(1, searchLimits.maxLimit),
    },
    offset: {
      description: `Matches to skip, at most ${searchLimits.maxOffset}`,
      schema: wholeNumber(0, searchLimits.maxOffset),
    },
    lookup: { description: 'false: never ask the warehouse for a reference the index lacks', schema: flag },
  },
  answer: searchPageSchema,
} as const satisfies ConsoleRoute;
