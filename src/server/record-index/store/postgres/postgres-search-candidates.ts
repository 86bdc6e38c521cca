import type pg from 'pg';
import type { PostgresDatabase } from '../../../store/postgres/postgres-database';
import { candidatesInAll, firstGroupCandidates, maxReferenceCandidates } from '../../search/record-search';
import { exactKeysOfQuery, type SearchQuery } from '../../search/search-terms';
import { bucketRangeTerms, idsPerBucket, termsQueryOf } from './postgres-search-terms';
import { inTransaction } from './postgres-transaction';

/**
 * The newest `most` records whose terms match, by id: the buckets of ids newest first, one, then windows
 * of buckets further back (each a few blocks of buckets, postgres-search-terms.ts) until enough are found.
 * Each match read costs a heap page, so a window is sized to hold what is still wanted, by the share of
 * the ids read so far that matched, with a quarter to spare; it grows at most fourfold a step, so a term
 * far more common among older records than newer ones is not read whole at once. A term most records
 * hold fills its answer from the first bucket (where GIN alone would fetch every match and sort them);
 * a rare one is read back to the oldest record in a few steps.
 * Run where only GIN's bitmaps are allowed: a plan that walks the records in search of matches reads them all.
 */
async function newestMatching(
  client: pg.PoolClient,
  organization: string,
  terms: string,
  most: number,
  newestId: number,
): Promise<number[]> {
  const found: number[] = [];
  let bucket = Math.floor(newestId / idsPerBucket);
  for (let width = 1; bucket >= 0 && found.length < most; ) {
    const oldest = Math.max(0, bucket - width + 1);
    const { rows } = await client.query<{ id: string }>(
      'SELECT record_id AS id FROM record_terms WHERE org = $1 AND terms @@ ($2::tsquery && $3::tsquery)',
      [
        organization,
        terms,
        bucketRangeTerms(oldest, bucket)
          .map((term) => `'${term}'`)
          .join(' | '),
      ],
    );
    found.push(...rows.map(({ id }) => Number(id)).sort((a, b) => b - a));
    bucket = oldest - 1;
    const idsRead = newestId + 1 - oldest * idsPerBucket;
    const bucketsWanted =
      ((most - found.length) * idsRead * 1.25) / (Math.max(found.length, 1) * idsPerBucket);
    width = Math.max(1, Math.min(4 * width, Math.ceil(bucketsWanted)));
  }
  return found.slice(0, most);
}

/**
 * The candidates of a search on PostgreSQL, as record-search.ts reads them from SQLite: by reference key,
 * exact emails and phones, terms within the group that ranks first and in any, newest first, each read cut
 * at the same limit (and never before `reach`, where the page ends). Their ids in the order found, once
 * each, and whether no read reached its limit.
 */
export function postgresSearchCandidates(db: PostgresDatabase, organization: string) {
  const ids = async (sql: string, values: unknown[]) =>
    (await db.query<{ id: string }>(sql, values)).rows.map(({ id }) => Number(id));

  // Each walk in a transaction of its own, where only GIN's bitmaps are allowed.
  const walk = (terms: string, most: number, newestId: number) =>
    inTransaction(db, async (client) => {
      await client.query('SET LOCAL enable_seqscan = off; SET LOCAL enable_indexscan = off');
      return newestMatching(client, organization, terms, most, newestId);
    });

  return async function candidatesOf(
    query: SearchQuery,
    reach: number,
  ): Promise<{ admitted: number[]; totalExact: boolean }> {
    const most = Math.max(candidatesInAll, reach);
    const mostOfGroup = Math.max(firstGroupCandidates, reach);
    const reads: { candidates: Promise<number[]>; most: number }[] = [
      {
        candidates: ids(
          `SELECT id FROM records WHERE org = $1 AND reference_key = $2 ORDER BY updated_ms DESC, id LIMIT ${maxReferenceCandidates}`,
          [organization, query.compact],
        ),
        most: maxReferenceCandidates,
      },
      ...exactKeysOfQuery(query).map((key) => ({
        candidates: ids(
          `SELECT exact.record_id AS id FROM record_exact_values AS exact JOIN records ON records.id = exact.record_id
           WHERE exact.value = $1 AND records.org = $2 ORDER BY exact.record_id DESC LIMIT $3`,
          [key, organization, most],
        ),
        most,
      })),
    ];
    const withinGroup = termsQueryOf(query, query.groups[0]);
    const anywhere = termsQueryOf(query);
    if (withinGroup !== null && anywhere !== null) {
      const newestId = db
        .query<{ id: string | null }>('SELECT max(id) AS id FROM records')
        .then(({ rows }) => Number(rows[0]?.id ?? 0));
      reads.push(
        { candidates: newestId.then((id) => walk(withinGroup, mostOfGroup, id)), most: mostOfGroup },
        { candidates: newestId.then((id) => walk(anywhere, most, id)), most },
      );
    }
    // Every read at once, each on a connection of its own, and their candidates in the order SQLite reads them.
    const found = await Promise.all(reads.map(({ candidates }) => candidates));
    return {
      admitted: [...new Set(found.flat())],
      // A read that reached its limit may have left matches out: the total is then a floor.
      totalExact: found.every((candidates, index) => candidates.length < (reads[index]?.most ?? 0)),
    };
  };
}
