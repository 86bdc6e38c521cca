import { z } from 'zod';
import { isoDateOrTimestampSchema } from '../contract/common';
import { limits } from '../contract/limits';
import { LIST_PAGE_BYTES, type ListFilter, type ListPosition } from './document-repository';
import { ApiProblem, type Problem, problem } from './errors';
import type { QueryReader } from './route-table';

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 200;

/** Far longer than any cursor this service gives out (about 60 characters). */
const MAX_CURSOR_LENGTH = 400;

export function encodeCursor(position: ListPosition): string {
  return Buffer.from(JSON.stringify([position.updatedMs, position.id])).toString('base64url');
}

function decodeCursor(cursor: string): ListPosition | undefined {
  if (cursor.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(cursor)) return undefined;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      Number.isSafeInteger(parsed[0]) &&
      typeof parsed[1] === 'string'
    ) {
      return { updatedMs: parsed[0], id: parsed[1] };
    }
  } catch {
    // not JSON: answered below as a bad cursor
  }
  return undefined;
}

/**
 * A time as the contract reads dates (isoDateOrTimestampSchema), so 2023-02-30 is refused here too
 * rather than rolled over to March; a timestamp without an offset is read as UTC, not as the server's
 * local time.
 */
function readTime(sent: string): number | undefined {
  // An unencoded "+" in a query string arrives as a space.
  const value = sent.replace(' ', '+');
  if (!isoDateOrTimestampSchema.safeParse(value).success) return undefined;
  const hasOffset = /(Z|[+-]\d{2}:\d{2})$/.test(value);
  return Date.parse(value.includes('T') && !hasOffset ? `${value}Z` : value);
}

/** An exact-match lookup, as the interface names its parameter, bounded by the longest value that can exist. */
type Lookup = { parameter: string; description: string; maxLength: number };

export const primaryReferenceLookup: Lookup = {
  parameter: 'PrimaryReference',
  description: 'Exact primary reference',
  maxLength: limits.maxLength.reference,
};

export const productCodeLookup: Lookup = {
  parameter: 'productcode',
  description: 'Exact product code',
  maxLength: limits.maxLength.productCode,
};

/** The lookup as a documented query parameter. */
export function lookupParameter(lookup: Lookup) {
  return {
    name: lookup.parameter,
    description: lookup.description,
    schema: z.string().max(lookup.maxLength),
  };
}

type ListQueryOptions = {
  lookup: Lookup;
  statuses?: readonly string[];
  subtypes?: readonly string[];
};

/**
 * Reads the list parameters of decisions.md (names matched without regard to case), reporting every
 * bad one at once.
 */
export function readListQuery(query: QueryReader, options: ListQueryOptions): ListFilter {
  const problems: Problem[] = [];
  const bad = (parameter: string, detail: string) =>
    problems.push({ code: 'validation_failed', detail, source: { pointer: `/${parameter}`, parameter } });
  const filter: ListFilter = { limit: DEFAULT_LIMIT };

  const { parameter, maxLength } = options.lookup;
  const reference = query.get(parameter);
  if (reference !== undefined) {
    if (reference.length <= maxLength) filter.reference = reference;
    else bad(parameter, `${parameter} has at most ${maxLength} characters`);
  }

  const limit = query.get('limit');
  if (limit !== undefined) {
    const value = /^\d{1,4}$/.test(limit) ? Number(limit) : Number.NaN;
    if (value >= 1 && value <= MAX_LIMIT) filter.limit = value;
    else bad('limit', `limit is a whole number from 1 to ${MAX_LIMIT}`);
  }
  const cursor = query.get('cursor');
  if (cursor !== undefined) {
    const position = decodeCursor(cursor);
    if (position) filter.after = position;
    else bad('cursor', 'cursor is not one this service gave out: pass nextCursor from the previous page');
  }
  for (const [parameter, key] of [
    ['dateLastUpdatedFrom', 'updatedFromMs'],
    ['dateLastUpdatedTo', 'updatedToMs'],
  ] as const) {
    const value = query.get(parameter);
    if (value === undefined) continue;
    const ms = readTime(value);
    if (ms === undefined) {
      bad(
        parameter,
        `${parameter} must be an ISO 8601 date or timestamp that exists, for example 2026-11-22`,
      );
    } else filter[key] = ms;
  }
  const status = query.get('status');
  if (status !== undefined && options.statuses) {
    if (options.statuses.includes(status)) filter.status = status;
    else bad('status', `status is one of ${options.statuses.join(', ')}`);
  }
  const subtype = query.get('subtype');
  if (subtype !== undefined && options.subtypes) {
    if (options.subtypes.includes(subtype)) filter.subtype = subtype;
    else bad('subtype', `subtype is one of ${options.subtypes.join(', ')}`);
  }
  if (problems.length > 0) throw new ApiProblem(problems);
  return filter;
}

export function notFound(what: string): ApiProblem {
  return problem('not_found', `No ${what} with this id in your organization`, {
    pointer: '/',
    parameter: 'id',
  });
}

/** The list parameters every list endpoint shares (decisions.md, Lookups and lists). */
export function listParameters() {
  return [
    { name: 'dateLastUpdatedFrom', description: 'ISO 8601; only documents updated at or after it' },
    { name: 'dateLastUpdatedTo', description: 'ISO 8601; only documents updated at or before it' },
    {
      name: 'limit',
      description: `Page size, 1 to 200 (default 50); a page of large documents stops before ${LIST_PAGE_BYTES / 1024 / 1024} MiB of JSON and nextCursor leads on`,
      schema: z.int().min(1).max(MAX_LIMIT),
    },
    {
      name: 'cursor',
      description: 'nextCursor of the previous page',
      schema: z.string().max(MAX_CURSOR_LENGTH),
    },
  ];
}
