import type pg from 'pg';
import type { SearchGroup } from '../../records/search-values';
import { spellingWordsOf } from '../../search/close-spellings';
import {
  type IndexedValue,
  readStoredSearchValues,
  type SearchQuery,
  termMatches,
} from '../../search/search-terms';

/**
 * How the terms of a record are laid out for PostgreSQL's GIN index, which (unlike FTS5) cannot hand out
 * the newest matches of a common term first, nor read the matches of one group without fetching every
 * row the term is in anywhere:
 * - each token, and again qualified by its group for the groups that rank first (`p.owen`), so a search
 *   within that group is one posting list and no row is read to check a weight;
 * - each token's first 1 to 6 characters (`owe~`), as FTS5's prefix index holds its lengths, so a short
 *   prefix is one posting list instead of a scan of every term it starts;
 * - the record's bucket of ids (`~b12` holds ids 24,000 to 25,999) and the blocks of 4, 16 and 64 buckets
 *   it is in (`~c3`, `~d0`, `~e0`), so a search reads the newest buckets first and stops once it has enough
 *   (postgres-search-candidates.ts), and a window of 64 buckets is a handful of posting lists, not 64.
 */
const rankingQualifiers: Partial<Record<SearchGroup, string>> = { refs: 'r.', people: 'p.' };
const longestPrefix = 6;
export const idsPerBucket = 2_000;
const blockLetters = ['b', 'c', 'd', 'e'] as const;

/**
 * The terms that cover the buckets from `oldest` to `newest`, each the widest block that starts where the
 * last ended and fits: at most three of each width on either side of the widest blocks.
 */
export function bucketRangeTerms(oldest: number, newest: number): string[] {
  const terms: string[] = [];
  for (let bucket = oldest; bucket <= newest; ) {
    let level = blockLetters.length - 1;
    while (level > 0 && (bucket % 4 ** level !== 0 || bucket + 4 ** level - 1 > newest)) level--;
    terms.push(`~${blockLetters[level]}${bucket / 4 ** level}`);
    bucket += 4 ** level;
  }
  return terms;
}

/** A lexeme holds at most 2046 bytes, a tsvector at most 1 MiB of them. */
const maxLexemeBytes = 2046;
const maxTermsBytes = 1_000_000;

const characters = (token: string) => [...token];

/**
 * The terms of a record as tsvector text, read verbatim by its cast (no parser splits them and no
 * dictionary stems them). Tokens hold only letters and digits, so quoting them is safe. A record with
 * hundreds of kilobytes of tokens (tens of thousands of serial numbers) keeps its tokens and the prefixes
 * of as many as fit, in the order of its values (references, names, contact and tracking come first).
 */
export function termsOf(values: IndexedValue[], recordId: number): string {
  const words: { qualifier: string; token: string }[] = [];
  for (const { group, tokens } of values) {
    const qualifier = rankingQualifiers[group];
    for (const token of tokens) {
      words.push({ qualifier: '', token });
      if (qualifier) words.push({ qualifier, token });
    }
  }
  const lexemes = new Set<string>();
  let bytes = 0;
  const add = (lexeme: string) => {
    const size = Buffer.byteLength(lexeme);
    if (lexemes.has(lexeme) || size > maxLexemeBytes || bytes + size > maxTermsBytes) return;
    lexemes.add(lexeme);
    bytes += size;
  };
  const bucket = Math.floor(recordId / idsPerBucket);
  for (const [level, letter] of blockLetters.entries()) add(`~${letter}${Math.floor(bucket / 4 ** level)}`);
  for (const { qualifier, token } of words) add(qualifier + token);
  for (const { qualifier, token } of words) {
    const letters = characters(token);
    for (let length = 1; length <= Math.min(longestPrefix, letters.length); length++) {
      add(`${qualifier}${letters.slice(0, length).join('')}~`);
    }
  }
  return [...lexemes].map((lexeme) => `'${lexeme}'`).join(' ');
}

/**
 * termMatches as tsquery text, within `group` when given, or null for a query too short to search. A
 * prefix of up to 6 characters is one term; a longer one, the terms it starts.
 */
export function termsQueryOf(query: SearchQuery, group?: SearchGroup): string | null {
  const alternatives = termMatches(query);
  if (alternatives === null) return null;
  // Only `refs` and `people` ever rank first (rankedGroups).
  const qualifier = (group && rankingQualifiers[group]) ?? '';
  return alternatives
    .map(({ whole, prefix }) => {
      const started =
        characters(prefix).length <= longestPrefix ? `'${qualifier}${prefix}~'` : `'${qualifier}${prefix}':*`;
      return `(${[...whole.map((word) => `'${qualifier}${word}'`), started].join(' & ')})`;
    })
    .join(' | ');
}

/** Where a migration writes the terms it works out: the records table's column until they moved. */
const termsWrites = {
  records: `UPDATE records SET terms = v.terms::tsvector
    FROM unnest($1::bigint[], $2::text[]) AS v (id, terms) WHERE records.id = v.id`,
  record_terms: `INSERT INTO record_terms (record_id, org, terms)
    SELECT records.id, records.org, v.terms::tsvector
    FROM unnest($1::bigint[], $2::text[]) AS v (id, terms) JOIN records ON records.id = v.id
    ON CONFLICT (record_id) DO UPDATE SET terms = excluded.terms`,
};

/** Works out every record's terms again from its stored search values, a thousand records a statement. */
export const rewriteAllTerms =
  (into: keyof typeof termsWrites) =>
  async (client: pg.PoolClient): Promise<void> => {
    for (let after = 0; ; ) {
      const { rows } = await client.query<{ id: string; search_values: string }>(
        'SELECT id, search_values FROM records WHERE id > $1 ORDER BY id LIMIT 1000',
        [after],
      );
      if (rows.length === 0) return;
      await client.query(termsWrites[into], [
        rows.map((row) => row.id),
        rows.map((row) => termsOf(readStoredSearchValues(row.search_values), Number(row.id))),
      ]);
      after = Number(rows.at(-1)?.id);
    }
  };

/**
 * Fills the words that typos are read against (close-spellings.ts) from the search values of the records
 * held, a thousand records a statement: one statement over a million records would run past the pool's
 * query timeout.
 */
export async function fillSpellingWords(client: pg.PoolClient): Promise<void> {
  await client.query('CREATE TABLE IF NOT EXISTS search_words (word text PRIMARY KEY)');
  for (let after = 0; ; ) {
    const { rows } = await client.query<{ id: string; search_values: string }>(
      'SELECT id, search_values FROM records WHERE id > $1 ORDER BY id LIMIT 1000',
      [after],
    );
    if (rows.length === 0) return;
    const words = new Set(rows.flatMap((row) => spellingWordsOf(readStoredSearchValues(row.search_values))));
    await client.query('INSERT INTO search_words (word) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING', [
      [...words].sort(),
    ]);
    after = Number(rows.at(-1)?.id);
  }
}
