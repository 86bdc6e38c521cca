import type { SearchGroup } from '../../records/indexed-document';
import { type IndexedValue, type SearchQuery, termMatches } from '../../search/search-terms';

/**
 * A tsvector lexeme's weight per search group, so a query can stay within the group that ranks first
 * (SQLite: a column filter). Only `refs` and `people` ever rank first (rankedGroups); the rest share what
 * is left.
 */
const groupWeights: Record<SearchGroup, 'A' | 'B' | 'C' | 'D'> = {
  refs: 'A',
  people: 'B',
  contact: 'C',
  tracking: 'D',
  items: 'D',
};
/** A weight belongs to a position: each weight gets one of its own (a lexeme has up to four). */
const weightPositions = { A: 1, B: 2, C: 3, D: 4 } as const;

/**
 * A lexeme holds at most 2046 bytes. A longer token (the compact form of a long text) is left out: the
 * value is still found by its words.
 */
const fitsLexeme = (token: string) => Buffer.byteLength(token) <= 2046;

/**
 * A record's tokens as tsvector text, read verbatim by its cast: no parser splits them and no dictionary
 * stems them, so they are the tokens SQLite's FTS5 holds. Tokens hold only letters and digits, so quoting
 * them is safe.
 */
export function tsvectorOf(values: IndexedValue[]): string {
  const weights = new Map<string, Set<'A' | 'B' | 'C' | 'D'>>();
  for (const { group, tokens } of values) {
    for (const token of tokens.filter(fitsLexeme)) {
      const held = weights.get(token) ?? new Set();
      held.add(groupWeights[group]);
      weights.set(token, held);
    }
  }
  return [...weights]
    .map(
      ([token, held]) =>
        `'${token}':${[...held].map((weight) => `${weightPositions[weight]}${weight}`).join(',')}`,
    )
    .join(' ');
}

/**
 * termMatches as tsquery text, within `group` when given (the weights of its lexemes), or null for a query
 * too short to search.
 */
export function tsqueryOf(query: SearchQuery, group?: SearchGroup): string | null {
  const alternatives = termMatches(query);
  if (alternatives === null) return null;
  const weight = group ? groupWeights[group] : '';
  return alternatives
    .map(({ whole, prefix }) =>
      [...whole.map((word) => `'${word}'${weight && `:${weight}`}`), `'${prefix}':*${weight}`].join(' & '),
    )
    .map((alternative) => `(${alternative})`)
    .join(' | ');
}
