import { z } from 'zod';
import { limits } from './limits';

/** A query parameter as the interface names it; the service matches names without regard to case. */
export type QueryParameter = {
  description: string;
  schema?: z.ZodType;
  /**
   * Sent as often as there are values (`code=A&code=B`), and its schema reads the list of them; any other
   * parameter at most once.
   */
  repeated?: true;
  /** Refused when left out. */
  required?: true;
};

/** The listing extension of decisions.md: how large a page may be and how the next one is asked for. */
export const listing = {
  defaultLimit: 50,
  maxLimit: 200,
  /** Far longer than any cursor the sandbox gives out (about 60 characters). */
  maxCursorLength: 400,
  /**
   * A page stops before its JSON passes this many bytes and its nextCursor leads on: a page of 200 large
   * documents once passed what a JavaScript string can hold.
   */
  pageBytes: 8 * 1024 * 1024,
} as const;

/**
 * An exact-match lookup, as the interface names its parameter, bounded by the longest value that can exist.
 */
export type Lookup = { parameter: string; description: string; maxLength: number };

export const primaryReferenceLookup = {
  parameter: 'PrimaryReference',
  description: 'Exact primary reference',
  maxLength: limits.maxLength.reference,
} as const satisfies Lookup;

export const productCodeLookup = {
  parameter: 'productcode',
  description: 'Exact product code',
  maxLength: limits.maxLength.productCode,
} as const satisfies Lookup;

/** The lookup as a query parameter. */
export function lookupQuery<const L extends Lookup>(lookup: L) {
  const parameter: QueryParameter = {
    description: lookup.description,
    schema: z.string().max(lookup.maxLength),
  };
  return { [lookup.parameter]: parameter } as Record<L['parameter'], QueryParameter>;
}

export const statusQuery = { status: { description: 'PRS, FIN or CAN' } } satisfies Record<
  string,
  QueryParameter
>;

/** The list parameters every list endpoint shares (decisions.md, Lookups and lists). */
export const listQuery = {
  dateLastUpdatedFrom: { description: 'ISO 8601; only documents updated at or after it' },
  dateLastUpdatedTo: { description: 'ISO 8601; only documents updated at or before it' },
  limit: {
    description: `Page size, 1 to ${listing.maxLimit} (default ${listing.defaultLimit}); a page of large documents stops before ${listing.pageBytes / 1024 / 1024} MiB of JSON and nextCursor leads on`,
    schema: z.int().min(1).max(listing.maxLimit),
  },
  cursor: {
    description: 'nextCursor of the previous page',
    schema: z.string().max(listing.maxCursorLength),
  },
} satisfies Record<string, QueryParameter>;
