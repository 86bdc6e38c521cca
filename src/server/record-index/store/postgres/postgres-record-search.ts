import type pg from 'pg';
import type { RecordFamily, RecordGlance, RecordKind } from '@/server/record-index/records/indexed-document';
import { toSummary } from '@/server/record-index/records/indexed-record';
import { rankCandidates, type SearchCandidate } from '@/server/record-index/search/candidate-ranking';
import {
  candidatesInAll,
  firstGroupCandidates,
  headCharacters,
  maxReferenceCandidates,
  type SearchAnswer,
  searchValuesBudgetBytes,
} from '@/server/record-index/search/record-search';
import { exactKeysOfQuery, type SearchQuery } from '@/server/record-index/search/search-terms';
import type { PostgresDatabase } from '@/server/store/postgres-database';
import { bucketTerm, idsPerBucket, termsQueryOf } from './postgres-search-terms';
import { inTransaction } from './postgres-transaction';

/**
 * When the buckets read say few matches are older, one read takes at most this many of them; more, and the
 * term is common there after all (records of another kind filled the newest buckets) and the walk goes on.
 */
const fewMatches = 500;

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

/**
 * The index's search on PostgreSQL, as RecordStore's `searchCounted`: the candidates record-search.ts reads
 * from SQLite (by reference key, exact emails and phones, terms within the group that ranks first and in
 * any, newest first, each read cut at the same limit), read here from the records' terms (postgres-search-terms.ts), and ranked by
 * the same code (candidate-ranking.ts). Candidates are of this organization only.
 */
export function postgresRecordSearch(db: PostgresDatabase, organization: string) {
  const ids = async (sql: string, values: unknown[]) =>
    (await db.query<{ id: string }>(sql, values)).rows.map(({ id }) => Number(id));

  /**
   * The newest `most` records whose terms match, by id: the buckets of ids newest first, one, then four,
   * sixteen and sixty-four at a time, then all older ones at once. A term most records hold fills its answer
   * from the first bucket (a few thousand rows, where GIN alone would fetch every match and sort them). When
   * the share read so far says few older records match, one read takes up to `fewMatches` of them: a rare
   * term ends there, and one common among older records costs that many rows, not all of them.
   * Run where only GIN's bitmaps are allowed: a plan that walks the records in search of matches reads them all.
   */
  async function newestMatching(
    client: pg.PoolClient,
    terms: string,
    most: number,
    newestId: number,
  ): Promise<number[]> {
    const newestFirst = async (sql: string, values: unknown[]) =>
      (await client.query<{ id: string }>(sql, values)).rows
        .map(({ id }) => Number(id))
        .sort((a, b) => b - a);
    const older = (bucket: number, limit: number | null) =>
      newestFirst(
        `SELECT id FROM records WHERE org = $1 AND terms @@ $2::tsquery AND id < $3${limit === null ? '' : ` LIMIT ${limit}`}`,
        [organization, terms, (bucket + 1) * idsPerBucket],
      );
    const found: number[] = [];
    let bucket = Math.floor(newestId / idsPerBucket);
    for (let width = 1; bucket >= 0 && found.length < most; width *= 4) {
      const oldest = bucket - width + 1;
      if (width > 64 || oldest <= 0) {
        found.push(...(await older(bucket, null)));
        break;
      }
      // The newest bucket may hold a handful of ids yet: no share is judged on fewer than a bucket's.
      const idsRead = newestId + 1 - (bucket + 1) * idsPerBucket;
      if (idsRead >= idsPerBucket && (found.length / idsRead) * (bucket + 1) * idsPerBucket <= fewMatches) {
        const fewer = await older(bucket, fewMatches + 1);
        if (fewer.length <= fewMatches) {
          found.push(...fewer);
          break;
        }
      }
      found.push(
        ...(await newestFirst(
          'SELECT id FROM records WHERE org = $1 AND terms @@ ($2::tsquery && $3::tsquery)',
          [
            organization,
            terms,
            Array.from({ length: width }, (_, index) => `'${bucketTerm(bucket - index)}'`).join(' | '),
          ],
        )),
      );
      bucket = oldest - 1;
    }
    return found.slice(0, most);
  }

  return async function search(
    query: SearchQuery,
    { kind, limit, offset = 0 }: { kind?: RecordKind; limit: number; offset?: number },
  ): Promise<SearchAnswer> {
    // A candidate query that reached its limit may have left matches out: the total is then a floor.
    let totalExact = true;
    const found: number[][] = [];
    const gather = (candidates: number[], most: number) => {
      if (candidates.length >= most) totalExact = false;
      found.push(candidates);
    };
    gather(
      await ids(
        `SELECT id FROM records WHERE org = $1 AND reference_key = $2 ORDER BY updated_ms DESC, id LIMIT ${maxReferenceCandidates}`,
        [organization, query.compact],
      ),
      maxReferenceCandidates,
    );
    const reach = offset + limit;
    const most = Math.max(candidatesInAll, reach);
    for (const key of exactKeysOfQuery(query)) {
      gather(
        await ids(
          `SELECT exact.record_id AS id FROM record_exact_values AS exact JOIN records ON records.id = exact.record_id
           WHERE exact.value = $1 AND records.org = $2 ORDER BY exact.record_id DESC LIMIT $3`,
          [key, organization, most],
        ),
        most,
      );
    }
    const withinGroup = termsQueryOf(query, query.groups[0]);
    const anywhere = termsQueryOf(query);
    if (withinGroup !== null && anywhere !== null) {
      const { rows } = await db.query<{ id: string | null }>('SELECT max(id) AS id FROM records');
      const newestId = Number(rows[0]?.id ?? 0);
      const mostOfGroup = Math.max(firstGroupCandidates, reach);
      // Each walk on a connection of its own: the two run side by side.
      const walk = (terms: string, most: number) =>
        inTransaction(db, async (client) => {
          await client.query('SET LOCAL enable_seqscan = off; SET LOCAL enable_indexscan = off');
          return newestMatching(client, terms, most, newestId);
        });
      const [inGroup, inAny] = await Promise.all([walk(withinGroup, mostOfGroup), walk(anywhere, most)]);
      gather(inGroup, mostOfGroup);
      gather(inAny, most);
    }
    const admitted = [...new Set(found.flat())];
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
    const ranked = rankCandidates(candidates, query, kind);
    const page = ranked.slice(offset, offset + limit);
    const shown = await db.query<ShownRow>(
      `SELECT id, upstream_id, reference, kind, status, state, warehouse, due_ms, updated_ms, title, short, over,
         announced, received, finished_ms, units_short, units_over, created_ms, glance
       FROM records WHERE id = ANY($1::bigint[])`,
      [page.map(({ row }) => row.id)],
    );
    const shownById = new Map(shown.rows.map((row) => [Number(row.id), row]));
    const matches = page.flatMap(({ row, match }) => {
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
    return { matches, total: ranked.length, totalExact };
  };
}
