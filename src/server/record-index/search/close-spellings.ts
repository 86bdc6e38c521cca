import { compactForm, loweredText } from '../../../domain/search-text';
import type { SearchAnswer, SearchOptions } from './record-search';
import { type IndexedValue, readSearchQuery, type SearchQuery } from './search-terms';

/**
 * A typo in a name, an email or a reference still finds the record: a word of the query that no name or
 * email holds is read as each word the index holds one edit away (a letter wrong, missing, extra, or two
 * letters swapped), and a reference as each reference one edit away. The index keeps the words of names and
 * emails apart (search_words) for this: a B-tree answers the few hundred spellings one edit away an order
 * of magnitude sooner than the full-text index (docs/performance.md).
 */
const shortestCorrected = 4;
const longestWord = 64;
/** Longer words are codes (tracking numbers) more than names: some 70 spellings a character. */
const longestCorrected = 16;
/** A reference is corrected up to this long: some 70 spellings a character are asked for. */
const longestReference = 32;
/** A word read at most this many other ways, and a query at most this many: each is one more search. */
const spellingsPerWord = 3;
const spellingsPerQuery = 4;

const isEmailField = (field: string) => field.endsWith('emailAddress');

/** The words a typo of a name or email is corrected to: every token of names, organizations and emails. */
export function spellingWordsOf(values: readonly IndexedValue[]): string[] {
  const words = values
    .filter((item) => item.group === 'people' || isEmailField(item.field))
    .flatMap((item) => item.tokens)
    .filter((token) => token.length >= 3 && token.length <= longestWord);
  return [...new Set(words)].sort();
}

const letters = 'abcdefghijklmnopqrstuvwxyz';
const digits = '0123456789';

/** Every word one edit from `word` (optimal string alignment: a swap of two neighbours is one edit). */
export function oneEditFrom(word: string): string[] {
  const chars = [...word];
  const alphabet = /\d/.test(word) ? letters + digits : letters;
  const edits = new Set<string>();
  for (let at = 0; at <= chars.length; at++) {
    const before = chars.slice(0, at).join('');
    const after = chars.slice(at).join('');
    if (at < chars.length) edits.add(before + chars.slice(at + 1).join(''));
    if (at < chars.length - 1) edits.add(before + chars[at + 1] + chars[at] + chars.slice(at + 2).join(''));
    for (const letter of alphabet) {
      if (at < chars.length) edits.add(before + letter + chars.slice(at + 1).join(''));
      edits.add(before + letter + after);
    }
  }
  edits.delete(word);
  return [...edits];
}

/** What to ask the index: which of these words and references (compact forms) it holds. */
export type SpellingQuestion = { words: string[]; referenceKeys: string[] };
/** What it holds of them: the words, and the references as they are written (`SO-100123`). */
export type KnownSpellings = { words: string[]; references: string[] };

type QueryParts = { parts: string[]; wordAt: number[] };

/** The query's text lowered as its words are, split into words and what lies between. */
function partsOf(query: SearchQuery): QueryParts {
  const parts = loweredText(query.text).split(/([^\p{L}\p{N}]+)/u);
  const wordAt = parts.flatMap((part, index) => (index % 2 === 0 && part !== '' ? [index] : []));
  return { parts, wordAt };
}

/** A reference is what a query with a digit in it may be: its compact form, long enough to be one. */
export const referenceOf = (query: SearchQuery) =>
  /\d/.test(query.compact) && query.compact.length >= 5 && query.compact.length <= longestReference
    ? query.compact
    : null;

/** More digits than letters: a number or a code, whose typos the reference path reads (referenceOf). */
const mostlyDigits = (word: string) => word.replace(/\D/g, '').length * 2 > word.length;

/** The words of a query that a typo may be in: four characters or more, and not a code. */
export function correctableWords(query: SearchQuery): string[] {
  const { parts, wordAt } = partsOf(query);
  const words = wordAt
    .map((index) => parts[index] as string)
    .filter(
      (word) => word.length >= shortestCorrected && word.length <= longestCorrected && !mostlyDigits(word),
    );
  return [...new Set(words)];
}

/** A corrected spelling that keeps the first letter reads as the likelier. */
const likelier = (typed: string) => (a: string, b: string) =>
  Number(a[0] !== typed[0]) - Number(b[0] !== typed[0]) || a.localeCompare(b);

/**
 * The queries the index's words and references say were meant: each word it lacks replaced by one it
 * holds one edit away (words it holds stay as typed), and for a query that is a reference it lacks, each
 * reference one edit away. None when the query has nothing to correct.
 */
export function correctedQueries(query: SearchQuery, known: KnownSpellings): SearchQuery[] {
  const heldWords = new Set(known.words);
  const correctable = new Set(correctableWords(query));
  const { parts, wordAt } = partsOf(query);
  let texts: string[][] = [parts];
  for (const index of wordAt) {
    const word = parts[index] as string;
    if (!correctable.has(word) || heldWords.has(word)) continue;
    const spellings = oneEditFrom(word)
      .filter((spelling) => heldWords.has(spelling))
      .sort(likelier(word))
      .slice(0, spellingsPerWord);
    if (spellings.length === 0) continue;
    texts = texts.flatMap((text) =>
      spellings.map((spelling) => text.map((part, at) => (at === index ? spelling : part))),
    );
  }
  const corrected = texts.filter((text) => text !== parts).map((text) => text.join(''));
  const reference = query.compact;
  const references = [...known.references].sort((a, b) =>
    likelier(reference)(compactForm(a), compactForm(b)),
  );
  return [...new Set([...corrected, ...references])]
    .filter((text) => compactForm(text) !== query.compact)
    .slice(0, spellingsPerQuery)
    .map(readSearchQuery);
}

/**
 * The search, and when it found fewer than a page, the records of the queries a typo may have meant
 * (correctedQueries), ranked below every match of what was typed, each once, with the query it matched.
 */
export async function searchAllowingTypos(
  store: {
    searchCounted(query: SearchQuery, options: SearchOptions): Promise<SearchAnswer>;
    knownSpellings(question: SpellingQuestion): Promise<KnownSpellings>;
  },
  query: SearchQuery,
  options: SearchOptions & { offset: number },
): Promise<SearchAnswer> {
  const { offset, limit } = options;
  const reach = offset + limit;
  const found = await store.searchCounted(query, options);
  if (!found.totalExact || found.total >= reach) return found;
  // A reference is read otherwise only when nothing was found: a reference one digit from another that
  // exists is more likely that one than a typo.
  const reference = found.total === 0 ? referenceOf(query) : null;
  const words = correctableWords(query);
  // First which words typed the index holds (most often all of them): only the others are read otherwise.
  const held = words.length === 0 ? [] : (await store.knownSpellings({ words, referenceKeys: [] })).words;
  const lacking = words.filter((word) => !held.includes(word));
  if (lacking.length === 0 && reference === null) return found;
  const known = await store.knownSpellings({
    words: [...new Set(lacking.flatMap(oneEditFrom))],
    referenceKeys: reference === null ? [] : oneEditFrom(reference),
  });
  const corrected = correctedQueries(query, {
    words: [...held, ...known.words],
    references: known.references,
  });
  if (corrected.length === 0) return found;
  const whole = { ...options, limit: reach, offset: 0 };
  // Every match of what was typed (fewer than `reach`) ranks first.
  const [typed, ...answers] = await Promise.all([
    offset === 0 ? found : store.searchCounted(query, whole),
    ...corrected.map((spelled) => store.searchCounted(spelled, whole)),
  ]);
  // The readings take turns, so that a common name one edit away (Martin for Martinz) cannot fill the page
  // before a rarer one (Martinez).
  const seen = new Set(typed.matches.map((match) => match.record.id));
  const close: SearchAnswer['matches'] = [];
  const longest = Math.max(...answers.map((answer) => answer.matches.length));
  for (let at = 0; at < longest; at++) {
    answers.forEach((answer, index) => {
      const match = answer.matches[at];
      if (!match || seen.has(match.record.id)) return;
      seen.add(match.record.id);
      close.push({ ...match, spelledAs: (corrected[index] as SearchQuery).text });
    });
  }
  return {
    matches: [...typed.matches, ...close].slice(offset, reach),
    total: typed.total + close.length,
    totalExact: answers.every((answer) => answer.totalExact),
  };
}
