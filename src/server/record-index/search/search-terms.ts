import { partyKeysOfValues } from '../../../domain/parties';
import { ORIGINAL_ORDER_KEY } from '../../../contract/return-references';
import { compactForm, wordsOf } from '../../../domain/search-text';
import { type SearchGroup, type SearchValue, searchGroups } from '../records/search-values';

const isPhoneField = (field: string) => /phoneNumber$|mobileNumber$/.test(field);
const isEmailField = (field: string) => field.endsWith('emailAddress');

/**
 * A phone number by its digits and by its last 7 to 11: with or without the country code, and in a
 * national form once its trunk 0 is dropped (`+33 1 99 50 84 69`, `01 99 50 84 69`, `199508469`).
 */
function phoneTokens(value: string): string[] {
  const digits = value.replace(/\D/g, '');
  return [digits, ...[11, 10, 9, 8, 7].map((length) => digits.slice(-length))].filter(
    (token) => token.length >= 4,
  );
}

/** The tokens a value is found by: its compact form (for whole references and emails) and its words. */
export function tokensOf(item: SearchValue): string[] {
  const tokens = isPhoneField(item.field)
    ? phoneTokens(item.value)
    : [compactForm(item.value), ...wordsOf(item.value)];
  return [...new Set(tokens.filter(Boolean))];
}

/** Each value with its tokens: what the index stores, so a search need not work them out again. */
export function indexValues(values: SearchValue[]): IndexedValue[] {
  return values.map((item) => ({ ...item, tokens: tokensOf(item) }));
}

/** The search values as a record's row keeps them: JSON text of `[field, value, group, tokens]` each. */
export function storedSearchValues(values: IndexedValue[]): string {
  return JSON.stringify(values.map(({ field, value, group, tokens }) => [field, value, group, tokens]));
}

/**
 * The search values without their tokens, as text: two versions with the same key have the same terms, as
 * long as tokensOf makes them the same way (a change to it must re-derive the stored search values).
 */
export function searchValuesKey(values: readonly SearchValue[]): string {
  return JSON.stringify(values.map(({ field, value, group }) => [field, value, group]));
}

/**
 * A group's name and the tokens after it. Outside a JSON string only, since a string escapes its quotes;
 * tokens hold letters and digits alone, so no `]` ends their list early.
 */
const storedTokens = new RegExp(`("(?:${searchGroups.join('|')})"),\\[[^\\]]*\\]\\]`, 'g');

/** searchValuesKey of search values as storedSearchValues writes them, without working out any token. */
export function storedSearchValuesKey(stored: string): string {
  return stored.replace(storedTokens, '$1]');
}

/** The first characters of stored search values, cut after the last whole value (see storedTokens). */
export function completeEntriesOf(head: string): string {
  let end = 1;
  for (const found of head.matchAll(storedTokens)) end = found.index + found[0].length;
  return `${head.slice(0, end)}]`;
}

/**
 * A version's search values as its row keeps them, with their tokens when they differ from the stored
 * ones' (`indexed`); null: kept as stored. Most versions change a status, not a name or a reference: their
 * search values are not tokenized again, the dearest part of storing a delivery.
 */
export function searchValuesOfVersion(
  stored: string | undefined,
  values: SearchValue[],
): { searchValues: string; indexed: IndexedValue[] | null } {
  if (stored !== undefined && storedSearchValuesKey(stored) === searchValuesKey(values))
    return { searchValues: stored, indexed: null };
  const indexed = indexValues(values);
  return { searchValues: storedSearchValues(indexed), indexed };
}

/** Search values as storedSearchValues writes them, read back. */
export function readStoredSearchValues(stored: string): IndexedValue[] {
  return (JSON.parse(stored) as [string, string, SearchGroup, string[]][]).map(
    ([field, value, group, tokens]) => ({ field, value, group, tokens }),
  );
}

/**
 * Whether search values kept as storedSearchValues writes them hold `value` under `field`, found without
 * parsing them: outside a JSON string `["field","value",` can only start an entry (a string escapes its
 * quotes).
 */
export function holdsSearchValue(stored: string, field: string, value: string): boolean {
  return stored.includes(`${JSON.stringify([field, value]).slice(0, -1)},`);
}

/** The search value of the order a return names as its original (see return-references.ts). */
export const originalOrderField = `additionalReferences.${ORIGINAL_ORDER_KEY}`;

/**
 * The exact key of the returns of an order (see return-references.ts), in any letter case. It holds a `:`,
 * which no key of a search has (exactKeysOfQuery: letters and digits only), so a search never meets it.
 * ASCII letters only are lowered, as SQLite's lower() does in the migration that keyed the returns held
 * before.
 */
export function originalOrderKey(orderReference: string): string {
  return `originalOrder:${orderReference.replace(/[A-Z]+/g, (letters) => letters.toLowerCase())}`;
}

/** Serial numbers, lots and other part attributes are search values of these fields (indexed-document.ts). */
export const partAttributeFieldPrefix = 'partAttributes.';

/**
 * The exact key of the records that hold a lot, serial number or other part attribute value, in any
 * letter case (ASCII letters lowered, as in the migration that keyed those held before); like
 * originalOrderKey, a search never meets it.
 */
export function partKey(value: string): string {
  return `part:${value.replace(/[A-Z]+/g, (letters) => letters.toLowerCase())}`;
}

/**
 * What a record is looked up by exactly (record_exact_values, a B-tree): an email's compact form (lower
 * case, signs dropped), a phone's digits as phoneTokens cuts them, a return's original order, and its lots
 * and serial numbers (for a trace). The
 * full-text index finds an email through its words too, but reads `example` and `com*` for every record
 * that has them.
 */
export function exactKeysOf(values: IndexedValue[]): string[] {
  const keys = values.flatMap(({ field, value, tokens }) =>
    isPhoneField(field)
      ? tokens
      : isEmailField(field)
        ? tokens.slice(0, 1)
        : field === originalOrderField
          ? [originalOrderKey(value)]
          : field.startsWith(partAttributeFieldPrefix)
            ? [partKey(value)]
            : [],
  );
  return [...new Set([...keys, ...partyKeysOfValues(values)])];
}

/** The exact keys a query may be: its compact form (an email) and its digits (a phone). */
export function exactKeysOfQuery(query: SearchQuery): string[] {
  return [...new Set([query.compact, query.digits].filter((key) => key.length >= minimumPrefixLength))];
}

/** The text of each full-text column: every token of every value in that group. */
export function columnsOf(values: IndexedValue[]): Record<SearchGroup, string> {
  const columns = Object.fromEntries(searchGroups.map((group) => [group, [] as string[]])) as Record<
    SearchGroup,
    string[]
  >;
  for (const item of values) columns[item.group].push(...item.tokens);
  return Object.fromEntries(searchGroups.map((group) => [group, columns[group].join(' ')])) as Record<
    SearchGroup,
    string
  >;
}

export type SearchQuery = {
  text: string;
  compact: string;
  words: string[];
  digits: string;
  /** The groups in the order their matches rank (see rankedGroups). */
  groups: readonly SearchGroup[];
};

/**
 * References rank first for what is typed as one (a digit, `#`, `-`, `_` or `/`); letters alone are more
 * likely a name: `Web` finds people named Webb before references `WEB-…`, `web-` the references.
 */
function rankedGroups(raw: string): readonly SearchGroup[] {
  return /[\d#_/-]/.test(raw)
    ? searchGroups
    : ['people', ...searchGroups.filter((group) => group !== 'people')];
}

/** What a person typed: a leading `#`, spaces and case do not matter; a phone's trunk 0 is dropped. */
export function readSearchQuery(raw: string): SearchQuery {
  const text = raw.trim().replace(/^#+/, '').trim();
  const compact = compactForm(text);
  const digits = text.replace(/\D/g, '');
  const phoneLike = digits.length >= 7 && digits.length >= compact.length - 1;
  return {
    text,
    compact,
    words: wordsOf(text),
    digits: phoneLike ? digits.replace(/^0+/, '') : '',
    groups: rankedGroups(raw),
  };
}

/**
 * Shorter queries find only an exact reference: a prefix of one or two characters matches too much to rank.
 */
export const minimumPrefixLength = 3;

/**
 * One way a record's tokens may match a query: each of `whole` is one of them, and one starts with
 * `prefix`.
 */
export type TermMatch = { whole: string[]; prefix: string };

/**
 * How a record's tokens may match a query: the whole query as the prefix of one token, or its words as
 * whole tokens but the last, which may be cut short (as it is while someone types). A prefix of every word
 * would make FTS5 gather every term starting with `example` or `com` before it could intersect them. An
 * email or a phone number is one value, found whole or by its start: not by its words, which most records
 * share (`example`, `com`, `01`), and which are slow to read at a million orders. Null: too short to search.
 */
export function termMatches(query: SearchQuery): TermMatch[] | null {
  if (query.compact.length < minimumPrefixLength) return null;
  const alternatives: TermMatch[] = [{ whole: [], prefix: query.compact }];
  const oneValue = query.digits !== '' || query.text.includes('@');
  const lastWord = query.words.at(-1);
  if (query.words.length > 1 && lastWord !== undefined && !oneValue) {
    alternatives.push({ whole: query.words.slice(0, -1), prefix: lastWord });
  }
  if (query.digits.length >= minimumPrefixLength && query.digits !== query.compact) {
    alternatives.push({ whole: [], prefix: query.digits });
  }
  return alternatives;
}

/** The FTS5 expression of termMatches. Tokens hold only letters and digits, so quoting them is safe. */
export function matchExpression(query: SearchQuery): string | null {
  const alternatives = termMatches(query);
  if (alternatives === null) return null;
  return alternatives
    .map(({ whole, prefix }) =>
      whole.length === 0
        ? `"${prefix}"*`
        : `(${[...whole.map((word) => `"${word}"`), `"${prefix}"*`].join(' AND ')})`,
    )
    .join(' OR ');
}

/** `group` is the one the match ranks in (see rankingGroup). */
export type FieldMatch = { field: string; value: string; exact: boolean; group: SearchGroup };

/** A value with the tokens it is found by, worked out once when the record is indexed. */
export type IndexedValue = SearchValue & { tokens: string[] };

/**
 * The group a match ranks in: its own, except that a prefix of an additional reference (a sales channel,
 * a tag) says little and ranks with the items.
 */
function rankingGroup(item: SearchValue, exact: boolean): SearchGroup {
  return !exact && item.field.startsWith('additionalReferences.') ? 'items' : item.group;
}

/** Every word a whole token but the last, which may be the start of one: as the FTS5 expression asks. */
function wordsMatch(words: string[], tokens: string[]): boolean {
  const last = words.length - 1;
  return words.every((word, index) =>
    tokens.some((token) => (index === last ? token.startsWith(word) : token === word)),
  );
}

/**
 * Which of a record's values the query found, best first (exact before prefix, then by the query's ranked
 * groups).
 */
export function bestFieldMatch(values: IndexedValue[], query: SearchQuery): FieldMatch | null {
  let best: FieldMatch | null = null;
  let bestScore = Number.POSITIVE_INFINITY;
  const byDigits = query.digits.length >= minimumPrefixLength;
  for (const item of values) {
    const { tokens } = item;
    const phone = byDigits && isPhoneField(item.field);
    const exact = tokens[0] === query.compact || (phone && tokens.includes(query.digits));
    const found =
      exact ||
      tokens.some((token) => token.startsWith(query.compact)) ||
      (query.words.length > 1 && wordsMatch(query.words, tokens)) ||
      (phone && tokens.some((token) => token.startsWith(query.digits)));
    if (!found) continue;
    const group = rankingGroup(item, exact);
    const score = (exact ? 0 : 10) + query.groups.indexOf(group);
    if (score < bestScore) {
      bestScore = score;
      best = { field: item.field, value: item.value, exact, group };
    }
  }
  return best;
}
