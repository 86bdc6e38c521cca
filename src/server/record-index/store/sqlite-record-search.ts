import type { ConsoleDatabase } from '../../store/sqlite/console-db';
import type { RecordGlance } from '../records/indexed-document';
import { type SummaryRow, toSummary } from '../records/indexed-record';
import { rankCandidates, type SearchCandidate } from '../search/candidate-ranking';
import {
  candidatesInAll,
  firstGroupCandidates,
  headCharacters,
  maxReferenceCandidates,
  type SearchAnswer,
  type SearchOptions,
  searchValuesBudgetBytes,
} from '../search/record-search';
import { exactKeysOfQuery, matchExpression, type SearchQuery } from '../search/search-terms';

// The search of search/record-search.ts on SQLite (FTS5); PostgreSQL's is postgres/postgres-record-search.ts.

/** A candidate with its search values whole while the search's budget lasts, else their head (`whole` 0). */
type CandidateRow = SearchCandidate & { whole: 0 | 1 };
const wholeValues = `octet_length(search_values) <= max(@budget, ${headCharacters})`;
const candidateColumns = `id, family, kind, created_ms, updated_ms, ${wholeValues} AS whole,
  CASE WHEN ${wholeValues} THEN search_values ELSE substr(search_values, 1, ${headCharacters}) END AS search_values`;

/** The index's search over one organization's records, its statements prepared once. */
export function recordSearch(db: ConsoleDatabase, organization: string) {
  const statements = {
    shown: db.prepare<[string, number], SummaryRow & { id: number; upstream_id: string; glance: string }>(
      `SELECT id, upstream_id, reference, kind, status, state, warehouse, due_ms, updated_ms, title, short, over,
         announced, received, finished_ms, units_short, units_over, created_ms, glance
       FROM records WHERE org = ? AND id = ?`,
    ),
    candidatesByReferenceKey: db.prepare<[string, string], { id: number }>(
      `SELECT id FROM records WHERE org = ? AND reference_key = ? ORDER BY updated_ms DESC LIMIT ${maxReferenceCandidates}`,
    ),
    candidateById: db.prepare<{ org: string; id: number; budget: number }, CandidateRow>(
      `SELECT ${candidateColumns} FROM records WHERE org = @org AND id = @id`,
    ),
    exactCandidates: db.prepare<[string, number], { id: number }>(
      'SELECT record_id AS id FROM record_exact_values WHERE value = ? ORDER BY record_id DESC LIMIT ?',
    ),
    searchCandidates: db.prepare<[string, number], { id: number }>(
      'SELECT rowid AS id FROM record_terms WHERE record_terms MATCH ? ORDER BY rowid DESC LIMIT ?',
    ),
  };

  /**
   * Records that `query` finds, best first: an exact reference, then exact values, then prefixes, by
   * field in the query's order of groups (see rankedGroups) and then newest first (by when the operator
   * created them, so that a customer's orders read newest order first); `offset` of them skipped.
   */
  return function search(query: SearchQuery, { kind, limit, offset = 0 }: SearchOptions): SearchAnswer {
    const expression = matchExpression(query);
    // Candidates are read without their documents (most run to several kilobytes and overflow pages).
    const rows = new Map<number, CandidateRow>();
    let budget = searchValuesBudgetBytes;
    const admit = ({ id }: { id: number }) => {
      if (rows.has(id)) return;
      const row = statements.candidateById.get({ org: organization, id, budget });
      if (!row) return;
      rows.set(id, row);
      budget -= Buffer.byteLength(row.search_values);
    };
    // A candidate query that reached its limit may have left matches out: the total is then a floor.
    let totalExact = true;
    const admitAll = (found: { id: number }[], limit: number) => {
      if (found.length >= limit) totalExact = false;
      found.forEach(admit);
    };
    const referenceCandidates = statements.candidatesByReferenceKey.all(organization, query.compact);
    admitAll(referenceCandidates, maxReferenceCandidates);
    // Exact emails and phones from a B-tree, however many records share their start.
    const reach = offset + limit;
    for (const key of exactKeysOfQuery(query)) {
      const most = Math.max(candidatesInAll, reach);
      admitAll(statements.exactCandidates.all(key, most), most);
    }
    // The newest of the group that ranks first, so that a broad prefix elsewhere (references `WEB-…` for
    // the names `Webb`) cannot crowd it out, then the newest in any group.
    if (expression !== null) {
      const group = query.groups[0] as string;
      const mostOfGroup = Math.max(firstGroupCandidates, reach);
      admitAll(statements.searchCandidates.all(`${group} : (${expression})`, mostOfGroup), mostOfGroup);
      const most = Math.max(candidatesInAll, reach);
      admitAll(statements.searchCandidates.all(expression, most), most);
    }
    const ranked = rankCandidates(rows.values(), query, kind);
    const matches = ranked.slice(offset, offset + limit).flatMap(({ row, match }) => {
      const shown = statements.shown.get(organization, row.id);
      if (!shown) return [];
      const glance = JSON.parse(shown.glance) as RecordGlance;
      return [
        { record: { ...toSummary(shown), id: shown.id, upstreamId: shown.upstream_id, glance }, match },
      ];
    });
    return { matches, total: ranked.length, totalExact };
  };
}
