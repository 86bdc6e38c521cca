import type { RecordKind } from '../records/indexed-document';
import type { RecordRow } from '../records/indexed-record';
import {
  bestFieldMatch,
  completeEntriesOf,
  type FieldMatch,
  readStoredSearchValues,
  type SearchQuery,
} from './search-terms';

/**
 * What ranking a search candidate needs, whichever database read it: everything but the document, and its
 * search values whole, else their head (`whole` false; see searchValuesBudgetBytes in record-search.ts).
 */
export type SearchCandidate = Pick<
  RecordRow,
  'id' | 'family' | 'kind' | 'created_ms' | 'updated_ms' | 'search_values'
> & { whole: boolean | 0 | 1 };

export type RankedCandidate<C extends SearchCandidate> = { row: C; match: FieldMatch };

/** When the operator created a record, or, for one that does not say, when it last changed. */
const newestOf = (row: SearchCandidate) => row.created_ms ?? row.updated_ms;

/**
 * The candidates `query` finds, best first: an exact reference, then exact values, then prefixes, by
 * field in the query's order of groups (see rankedGroups) and then newest first (by when the operator
 * created them, so that a customer's orders read newest order first). The id breaks ties, so that pages
 * of the same search neither repeat nor skip a record.
 */
export function rankCandidates<C extends SearchCandidate>(
  candidates: Iterable<C>,
  query: SearchQuery,
  kind?: RecordKind,
): RankedCandidate<C>[] {
  const ranked: (RankedCandidate<C> & { rank: number })[] = [];
  for (const row of candidates) {
    if (kind && row.kind !== kind) continue;
    const stored = row.whole ? row.search_values : completeEntriesOf(row.search_values);
    const match = bestFieldMatch(readStoredSearchValues(stored), query);
    if (!match) continue;
    const exactReference =
      match.exact &&
      (match.field === 'primaryReference' || (row.family === 'product' && match.field === 'productCode'));
    const rank = exactReference ? 0 : (match.exact ? 10 : 20) + query.groups.indexOf(match.group);
    ranked.push({ row, match, rank });
  }
  ranked.sort(
    (a, b) =>
      a.rank - b.rank ||
      newestOf(b.row) - newestOf(a.row) ||
      b.row.updated_ms - a.row.updated_ms ||
      b.row.id - a.row.id,
  );
  return ranked.map(({ row, match }) => ({ row, match }));
}
