import { type SearchGroup, type SearchValue, searchGroups } from './indexed-document';

/** Lower case, accents and every sign dropped: `#SO-100003` and `so 100003` read the same. */
export function compactForm(text: string): string {
  return text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '')
    .replace(/\p{M}/gu, '');
}

function wordsOf(text: string): string[] {
  return text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/\p{M}/gu, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

const isPhoneField = (field: string) => /phoneNumber$|mobileNumber$/.test(field);

/**
 * A phone number by its digits, and by its last ten and seven: `+1 (555) 010-2030`, `555-010-2030` and
 * `0102030` all find it.
 */
function phoneTokens(value: string): string[] {
  const digits = value.replace(/\D/g, '');
  return [digits, digits.slice(-10), digits.slice(-7)].filter((token) => token.length >= 4);
}

/** The tokens a value is found by: its compact form (for whole references and emails) and its words. */
export function tokensOf(item: SearchValue): string[] {
  const tokens = isPhoneField(item.field)
    ? phoneTokens(item.value)
    : [compactForm(item.value), ...wordsOf(item.value)];
  return [...new Set(tokens.filter(Boolean))];
}

/** The text of each full-text column: every token of every value in that group. */
export function columnsOf(values: SearchValue[]): Record<SearchGroup, string> {
  const columns = Object.fromEntries(searchGroups.map((group) => [group, [] as string[]])) as Record<
    SearchGroup,
    string[]
  >;
  for (const item of values) columns[item.group].push(...tokensOf(item));
  return Object.fromEntries(searchGroups.map((group) => [group, columns[group].join(' ')])) as Record<
    SearchGroup,
    string
  >;
}

export type SearchQuery = { text: string; compact: string; words: string[]; digits: string };

/** What a person typed: a leading `#`, spaces and case do not matter. */
export function readSearchQuery(raw: string): SearchQuery {
  const text = raw.trim().replace(/^#+/, '').trim();
  return { text, compact: compactForm(text), words: wordsOf(text), digits: text.replace(/\D/g, '') };
}

/** Looks like a phone number: mostly digits, at least seven of them. */
function looksLikePhone(query: SearchQuery): boolean {
  return query.digits.length >= 7 && query.digits.length >= query.compact.length - 1;
}

/**
 * The FTS5 expression: the whole query as the prefix of one token, or each word as the prefix of one.
 * Tokens hold only letters and digits, so quoting them is safe.
 */
export function matchExpression(query: SearchQuery): string | null {
  if (query.compact.length < 2) return null;
  const alternatives = [`"${query.compact}"*`];
  if (query.words.length > 1) alternatives.push(`(${query.words.map((word) => `"${word}"*`).join(' AND ')})`);
  if (looksLikePhone(query) && query.digits !== query.compact) alternatives.push(`"${query.digits}"*`);
  return alternatives.join(' OR ');
}

export type FieldMatch = { field: string; value: string; exact: boolean; group: SearchGroup };

/** Which of a record's values the query found, best first (exact before prefix, references before the rest). */
export function bestFieldMatch(values: SearchValue[], query: SearchQuery): FieldMatch | null {
  let best: FieldMatch | null = null;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const item of values) {
    const tokens = tokensOf(item);
    const exact = tokens[0] === query.compact || (isPhoneField(item.field) && tokens.includes(query.digits));
    const prefix =
      exact ||
      tokens.some((token) => token.startsWith(query.compact)) ||
      (query.words.length > 1 &&
        query.words.every((word) => tokens.some((token) => token.startsWith(word)))) ||
      (isPhoneField(item.field) &&
        query.digits.length >= 4 &&
        tokens.some((token) => token.startsWith(query.digits)));
    if (!prefix) continue;
    const score = (exact ? 0 : 10) + searchGroups.indexOf(item.group);
    if (score < bestScore) {
      bestScore = score;
      best = { field: item.field, value: item.value, exact, group: item.group };
    }
  }
  return best;
}
