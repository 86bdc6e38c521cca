import type { ConsoleDatabase } from '../console-db';
import { type RecordKind, searchGroups } from './indexed-document';
import { type IndexedRecord, type RecordRow, toRecord } from './indexed-record';
import {
  bestFieldMatch,
  type FieldMatch,
  matchExpression,
  readStoredSearchValues,
  type SearchQuery,
} from './search-terms';

/** What ranking a search candidate needs: everything but the document. */
type CandidateRow = Pick<RecordRow, 'id' | 'family' | 'kind' | 'updated_ms' | 'search_values'>;
const candidateColumns = 'id, family, kind, updated_ms, search_values';

export type SearchMatch = { record: IndexedRecord; match: FieldMatch };

/**
 * A search reads at most this many full-text candidates of each search group before ranking them, or as
 * many as the page asked for reaches (`offset` is bounded by the route).
 */
const candidatesPerGroup = 120;

/** The index's search over one organization's records, its statements prepared once. */
export function recordSearch(db: ConsoleDatabase, organization: string) {
  const statements = {
    byId: db.prepare<[string, number], RecordRow>('SELECT * FROM records WHERE org = ? AND id = ?'),
    candidatesByReferenceKey: db.prepare<[string, string], CandidateRow>(
      `SELECT ${candidateColumns} FROM records WHERE org = ? AND reference_key = ? ORDER BY updated_ms DESC LIMIT 5`,
    ),
    candidateById: db.prepare<[string, number], CandidateRow>(
      `SELECT ${candidateColumns} FROM records WHERE org = ? AND id = ?`,
    ),
    searchCandidates: db.prepare<[string, number], { rowid: number }>(
      'SELECT rowid FROM record_terms WHERE record_terms MATCH ? ORDER BY rowid DESC LIMIT ?',
    ),
  };

  /**
   * Records that `query` finds, best first: an exact reference, then exact values, then prefixes, by
   * field (references, people, contact, tracking, items) and then newest first; `offset` of them skipped.
   */
  return function search(
    query: SearchQuery,
    { kind, limit, offset = 0 }: { kind?: RecordKind; limit: number; offset?: number },
  ): SearchMatch[] {
    const perGroup = Math.max(candidatesPerGroup, offset + limit);
    const expression = matchExpression(query);
    // Candidates are read without their documents (most run to several kilobytes and overflow pages).
    const rows = new Map<number, CandidateRow>();
    for (const row of statements.candidatesByReferenceKey.all(organization, query.compact))
      rows.set(row.id, row);
    // The newest few of each group: a broad prefix among phone numbers cannot crowd out references.
    for (const group of expression === null ? [] : searchGroups) {
      for (const { rowid } of statements.searchCandidates.all(`${group} : (${expression})`, perGroup)) {
        if (rows.has(rowid)) continue;
        const row = statements.candidateById.get(organization, rowid);
        if (row) rows.set(rowid, row);
      }
    }
    const ranked: { row: CandidateRow; match: FieldMatch; rank: number }[] = [];
    for (const row of rows.values()) {
      if (kind && row.kind !== kind) continue;
      const match = bestFieldMatch(readStoredSearchValues(row.search_values), query);
      if (!match) continue;
      const exactReference =
        match.exact &&
        (match.field === 'primaryReference' || (row.family === 'product' && match.field === 'productCode'));
      const rank = exactReference ? 0 : (match.exact ? 10 : 20) + searchGroups.indexOf(match.group);
      ranked.push({ row, match, rank });
    }
    // The id breaks ties, so that pages of the same search neither repeat nor skip a record.
    ranked.sort((a, b) => a.rank - b.rank || b.row.updated_ms - a.row.updated_ms || b.row.id - a.row.id);
    // Only the documents shown are read and parsed: a candidate costs its search values alone.
    return ranked.slice(offset, offset + limit).flatMap(({ row, match }) => {
      const shown = statements.byId.get(organization, row.id);
      return shown ? [{ record: toRecord(shown), match }] : [];
    });
  };
}
