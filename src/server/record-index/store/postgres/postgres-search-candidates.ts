import type pg from 'pg';
import type { PostgresDatabase } from '../../../store/postgres-database';
import { candidatesInAll, firstGroupCandidates, maxReferenceCandidates } from '../../search/record-search';
import { exactKeysOfQuery, type SearchQuery } from '../../search/search-terms';
import { bucketRangeTerms, idsPerBucket, termsQueryOf, widestBlock } from './postgres-search-terms';
import { inTransaction } from './postgres-transaction';

/**
 * When the buckets read say few matches are older, one read takes at most this many of them; more, and the
 * term is common there after all (records of another kind filled the newest buckets) and the walk goes on.
 */
const fewMatches = 500;

/**
 * The newest `most` records whose terms match, by id: the buckets of ids newest first, one, then four,
 * sixteen and sixty-four at a time (each window a few blocks of buckets), then all older ones at once. A term most records hold fills its answer
 * from the first bucket (a few thousand rows, where GIN alone would fetch every match and sort them). When
 * the share read so far says few older records match, one read takes up to `fewMatches` of them: a rare
 * term ends there, and one common among older records costs that many rows, not all of them.
 * Run where only GIN's bitmaps are allowed: a plan that walks the records in search of matches reads them all.
 */
async function newestMatching(
  client: pg.PoolClient,
  organization: string,
  terms: string,
  most: number,
  newestId: number,
): Promise<number[]> {
  const newestFirst = async (sql: string, values: unknown[]) =>
    (await client.query<{ id: string }>(sql, values)).rows.map(({ id }) => Number(id)).sort((a, b) => b - a);
  const older = (bucket: number, limit: number | null) =>
    newestFirst(
      `SELECT record_id AS id FROM record_terms WHERE org = $1 AND terms @@ $2::tsquery AND record_id < $3${limit === null ? '' : ` LIMIT ${limit}`}`,
      [organization, terms, (bucket + 1) * idsPerBucket],
    );
  const found: number[] = [];
  let bucket = Math.floor(newestId / idsPerBucket);
  for (let width = 1; bucket >= 0 && found.length < most; width *= 4) {
    const oldest = bucket - width + 1;
    if (width > widestBlock || oldest <= 0) {
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
        'SELECT record_id AS id FROM record_terms WHERE org = $1 AND terms @@ ($2::tsquery && $3::tsquery)',
        [
          organization,
          terms,
          bucketRangeTerms(oldest, bucket)
            .map((term) => `'${term}'`)
            .join(' | '),
        ],
      )),
    );
    bucket = oldest - 1;
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

  return async function candidatesOf(
    query: SearchQuery,
    reach: number,
  ): Promise<{ admitted: number[]; totalExact: boolean }> {
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
          return newestMatching(client, organization, terms, most, newestId);
        });
      const [inGroup, inAny] = await Promise.all([walk(withinGroup, mostOfGroup), walk(anywhere, most)]);
      gather(inGroup, mostOfGroup);
      gather(inAny, most);
    }
    return { admitted: [...new Set(found.flat())], totalExact };
  };
}
