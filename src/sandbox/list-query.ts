import { isoDateOrTimestampSchema } from '../contract/common';
import { type Lookup, listing } from '../contract/query-parameters';
import type { ListFilter, ListPosition } from './document-repository';
import { ApiProblem, type Problem, problem } from './errors';
import type { QueryReader } from './route-table';

export function encodeCursor(position: ListPosition): string {
  return Buffer.from(JSON.stringify([position.updatedMs, position.id])).toString('base64url');
}

function decodeCursor(cursor: string): ListPosition | undefined {
  if (cursor.length > listing.maxCursorLength || !/^[A-Za-z0-9_-]+$/.test(cursor)) return undefined;
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
  const filter: ListFilter = { limit: listing.defaultLimit };

  const { parameter, maxLength } = options.lookup;
  const reference = query.get(parameter);
  if (reference !== undefined) {
    if (reference.length <= maxLength) filter.reference = reference;
    else bad(parameter, `${parameter} has at most ${maxLength} characters`);
  }

  const limit = query.get('limit');
  if (limit !== undefined) {
    const value = /^\d{1,4}$/.test(limit) ? Number(limit) : Number.NaN;
    if (value >= 1 && value <= listing.maxLimit) filter.limit = value;
    else bad('limit', `limit is a whole number from 1 to ${listing.maxLimit}`);
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
