import type { ListFilter } from '../store/list-keysets';

/** Filters of one value or a list of values, in the order a name says them, and how. */
const valueFilters: { parameter: string; words: (value: string) => string }[] = [
  { parameter: 'status', words: (status) => status },
  { parameter: 'state', words: (state) => state },
  {
    parameter: 'discrepancy',
    words: (discrepancy) => (discrepancy === 'any' ? 'short-or-over' : discrepancy),
  },
  { parameter: 'late', words: (late) => (late === 'true' ? 'late' : 'not-late') },
  { parameter: 'open', words: () => 'open' },
  { parameter: 'overdue', words: (overdue) => (overdue === 'true' ? 'overdue' : 'not-overdue') },
  {
    parameter: 'refundable',
    words: (refundable) => (refundable === 'true' ? 'refundable' : 'not-refundable'),
  },
  { parameter: 'warehouse', words: (warehouse) => `warehouse-${warehouse}` },
];

/** Date ranges by their parameters' stem, and the word a name gives each. */
const ranges: { stem: string; words: string }[] = [
  { stem: 'shipBy', words: 'ship-by' },
  { stem: 'eta', words: 'eta' },
  { stem: 'shipped', words: 'shipped' },
  { stem: 'finished', words: 'finalized' },
  { stem: 'updated', words: 'updated' },
];

/** Long enough for every filter at once; past it a name is cut rather than refused by a file system. */
const maxNameLength = 150;

/** The day a bound names as it was sent: a day as it is, an instant by the date written in it. */
const dayOf = (bound: string) => bound.slice(0, 10);

function rangeWords(words: string, from: string | undefined, to: string | undefined): string | null {
  if (from && to) return from === to ? `${words}-${from}` : `${words}-${from}-to-${to}`;
  if (from) return `${words}-from-${from}`;
  if (to) return `${words}-to-${to}`;
  return null;
}

/**
 * The file name of a list's export, which says the list and its filter, as checked by the list's reader:
 * `receives-short-or-over-finalized-2026-11-20-to-2026-11-27.csv` (or `.xlsx`). A name with no date range ends in
 * `today` (the UTC day of the export), so exports of different days do not share one.
 */
export function exportFileName(
  kind: ListFilter['kind'],
  params: URLSearchParams,
  today: string,
  extension: 'csv' | 'xlsx',
): string {
  const values = (parameter: string) =>
    params
      .getAll(parameter)
      .flatMap((value) => value.split(','))
      .map((value) => value.trim())
      .filter((value) => value !== '');
  const filterWords = valueFilters.flatMap(({ parameter, words }) => values(parameter).map(words));
  const rangeParts = ranges.flatMap(({ stem, words }) => {
    const [from, to] = [params.get(`${stem}From`), params.get(`${stem}To`)].map((bound) =>
      bound ? dayOf(bound) : undefined,
    );
    return rangeWords(words, from, to) ?? [];
  });
  const parts = [`${kind}s`, ...filterWords, ...(rangeParts.length > 0 ? rangeParts : [today])];
  const name = parts
    .join('-')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, maxNameLength)
    .replace(/-$/, '');
  return `${name}.${extension}`;
}
