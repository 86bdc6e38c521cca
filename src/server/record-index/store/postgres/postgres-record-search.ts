import type { PostgresDatabase } from '../../../store/postgres/postgres-database';
import type { RecordFamily, RecordGlance, RecordKind } from '../../records/indexed-document';
import { toSummary } from '../../records/indexed-record';
import { type RankedCandidate, rankCandidates, type SearchCandidate } from '../../search/candidate-ranking';
import type { KnownSpellings, SpellingQuestion } from '../../search/close-spellings';
import {
  headCharacters,
  type SearchAnswer,
  type SearchMatch,
  searchValuesBudgetBytes,
} from '../../search/record-search';
import type { SearchQuery } from '../../search/search-terms';
import { postgresSearchCandidates } from './postgres-search-candidates';

/** A candidate's columns, the size of its search values and their head. */
type CandidateRow = {
  id: string;
  family: RecordFamily;
  kind: RecordKind;
  created_ms: string | null;
  updated_ms: string;
  bytes: number;
  head: string;
};

type ShownRow = {
  id: string;
  upstream_id: string;
  reference: string;
  kind: RecordKind;
  status: string;
  state: string;
  warehouse: string;
  due_ms: string | null;
  updated_ms: string;
  title: string;
  short: number;
  over: number;
  announced: number;
  received: number;
  finished_ms: string | null;
  units_short: number;
  units_over: number;
  created_ms: string | null;
  glance: string;
};

const numberOrNull = (value: string | null) => (value === null ? null : Number(value));

/** The candidates' columns ranking needs: their search values whole while the budget lasts, else their head. */
async function rankingInputs(db: PostgresDatabase, admitted: number[]): Promise<SearchCandidate[]> {
  const { rows } = await db.query<CandidateRow>(
    `SELECT id, family, kind, created_ms, updated_ms, octet_length(search_values) AS bytes,
       left(search_values, ${headCharacters}) AS head
     FROM records WHERE id = ANY($1::bigint[])`,
    [admitted],
  );
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  // Whole search values while the budget lasts, in the order the candidates were found (as SQLite reads them).
  let budget = searchValuesBudgetBytes;
  const candidates: SearchCandidate[] = [];
  const wanted: number[] = [];
  for (const id of admitted) {
    const row = byId.get(id);
    if (!row) continue;
    const whole = row.bytes <= Math.max(budget, headCharacters);
    budget -= whole ? row.bytes : Buffer.byteLength(row.head);
    if (whole && row.bytes > row.head.length) wanted.push(id);
    candidates.push({
      id,
      family: row.family,
      kind: row.kind,
      created_ms: numberOrNull(row.created_ms),
      updated_ms: Number(row.updated_ms),
      search_values: row.head,
      whole,
    });
  }
  if (wanted.length > 0) {
    const whole = await db.query<{ id: string; search_values: string }>(
      'SELECT id, search_values FROM records WHERE id = ANY($1::bigint[])',
      [wanted],
    );
    const values = new Map(whole.rows.map((row) => [Number(row.id), row.search_values]));
    for (const candidate of candidates)
      candidate.search_values = values.get(candidate.id) ?? candidate.search_values;
  }
  return candidates;
}

/** What a search shows of the records of a page: their summaries and glances, with their matches. */
async function shownMatches(
  db: PostgresDatabase,
  page: RankedCandidate<SearchCandidate>[],
): Promise<SearchMatch[]> {
  const shown = await db.query<ShownRow>(
    `SELECT id, upstream_id, reference, kind, status, state, warehouse, due_ms, updated_ms, title, short, over,
       announced, received, finished_ms, units_short, units_over, created_ms, glance
     FROM records WHERE id = ANY($1::bigint[])`,
    [page.map(({ row }) => row.id)],
  );
  const shownById = new Map(shown.rows.map((row) => [Number(row.id), row]));
  return page.flatMap(({ row, match }) => {
    const record = shownById.get(row.id);
    if (!record) return [];
    const summary = toSummary({
      ...record,
      due_ms: numberOrNull(record.due_ms),
      updated_ms: Number(record.updated_ms),
      finished_ms: numberOrNull(record.finished_ms),
      created_ms: numberOrNull(record.created_ms),
    });
    const glance = JSON.parse(record.glance) as RecordGlance;
    return [{ record: { ...summary, id: row.id, upstreamId: record.upstream_id, glance }, match }];
  });
}

/**
 * The index's search on PostgreSQL, as RecordStore's `searchCounted`: the candidates record-search.ts reads
 * from SQLite (by reference key, exact emails and phones, terms within the group that ranks first and in
 * any, newest first, each read cut at the same limit), read here from the records' terms
 * (postgres-search-candidates.ts over postgres-search-terms.ts), and ranked by the same code
 * (candidate-ranking.ts). Candidates are of this organization only.
 */
export function postgresRecordSearch(db: PostgresDatabase, organization: string) {
  const candidatesOf = postgresSearchCandidates(db, organization);
  return async function search(
    query: SearchQuery,
    { kind, limit, offset = 0 }: { kind?: RecordKind; limit: number; offset?: number },
  ): Promise<SearchAnswer> {
    const { admitted, totalExact } = await candidatesOf(query, offset + limit);
    const ranked = rankCandidates(await rankingInputs(db, admitted), query, kind);
    const matches = await shownMatches(db, ranked.slice(offset, offset + limit));
    return { matches, total: ranked.length, totalExact };
  };
}

/** Which of the words of names and emails, and which references, the index holds (close-spellings.ts). */
export function postgresSpellingLookup(db: PostgresDatabase, organization: string) {
  return async (question: SpellingQuestion): Promise<KnownSpellings> => {
    const [words, references] = await Promise.all([
      db.query<{ word: string }>('SELECT word FROM search_words WHERE word = ANY($1::text[])', [
        question.words,
      ]),
      db.query<{ reference: string }>(
        'SELECT DISTINCT reference FROM records WHERE org = $1 AND reference_key = ANY($2::text[])',
        [organization, question.referenceKeys],
      ),
    ]);
    return {
      words: words.rows.map((row) => row.word),
      references: references.rows.map((row) => row.reference),
    };
  };
}
