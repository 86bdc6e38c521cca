// The listing parameters (limit, cursor, status and date filters) are our extension, not the operator's: an
// upstream may ignore any of them. A list then works within what came back and says what it could not do.

export type IgnoredListingParameter = 'limit' | 'cursor' | 'filters';

export type CheckedListingPage<Row> = {
  /** The rows that came back, less those outside the filters asked for. */
  rows: Row[];
  /** The next page's cursor; undefined on the last page, or when the listing repeated a cursor. */
  nextCursor: string | undefined;
  ignored: IgnoredListingParameter[];
};

type Asked<Row> = {
  limit: number;
  cursor?: string;
  /** Cursors already followed to reach this page: one coming back again would loop. */
  followed?: readonly (string | undefined)[];
  /** Whether a row lies within the filters asked for; absent when none were. */
  matches?: (row: Row) => boolean;
};

/** Checks one page of a listing against what was asked of it. */
export function checkListingPage<Row>(
  page: { rows: readonly Row[]; nextCursor?: string | null },
  asked: Asked<Row>,
): CheckedListingPage<Row> {
  const ignored: IgnoredListingParameter[] = [];
  if (page.rows.length > asked.limit) ignored.push('limit');
  const next = page.nextCursor || undefined;
  const repeated = next !== undefined && (next === asked.cursor || (asked.followed ?? []).includes(next));
  if (repeated) ignored.push('cursor');
  const { matches } = asked;
  const rows = matches ? page.rows.filter((row) => matches(row)) : [...page.rows];
  if (rows.length < page.rows.length) ignored.push('filters');
  return { rows, nextCursor: repeated ? undefined : next, ignored };
}

/** Whether an ISO timestamp lies within [from, to]; a row without one, or an unreadable one, cannot be judged. */
export function withinTimeRange(value: string | undefined, from?: string, to?: string): boolean {
  const at = value ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(at)) return true;
  return (!from || at >= Date.parse(from)) && (!to || at <= Date.parse(to));
}

/** What a list tells people about the parameters the warehouse service ignored; undefined when none. */
export function listingLimitsNote(
  ignored: readonly IgnoredListingParameter[],
  what: string,
): string | undefined {
  const sentences = [
    ignored.includes('limit')
      ? `The warehouse service sent more ${what} than one page holds: all are shown.`
      : '',
    ignored.includes('cursor')
      ? `The warehouse service does not page through its ${what}: there is no next page, so older ${what} may be missing.`
      : '',
    ignored.includes('filters')
      ? `The warehouse service did not apply the filters: only the ${what} it sent that match them are shown, so others may be missing.`
      : '',
  ].filter(Boolean);
  return sentences.length > 0 ? sentences.join(' ') : undefined;
}

/** The parameters any of several pages ignored, each once. */
export function mergeIgnored(...lists: (readonly IgnoredListingParameter[])[]): IgnoredListingParameter[] {
  return [...new Set(lists.flat())];
}
