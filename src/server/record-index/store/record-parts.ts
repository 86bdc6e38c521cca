import type { HeldPart } from '../../../domain/part-trace';
import { partKey } from '../search/search-terms';

/**
 * A record's rows of the parts table (`record_parts`, on both engines): one per value its sublines hold,
 * keyed as a trace looks it up (partKey), with every entry of the record for it as JSON. A trace reads only
 * these rows, never a document.
 */
export function partRowsOf(parts: readonly HeldPart[]): { key: string; entries: string }[] {
  const byKey = new Map<string, HeldPart['entry'][]>();
  for (const { value, entry } of parts) {
    const trimmed = value.trim();
    if (trimmed === '') continue;
    const key = partKey(trimmed);
    const entries = byKey.get(key);
    if (entries) entries.push(entry);
    else byKey.set(key, [entry]);
  }
  return [...byKey].map(([key, entries]) => ({ key, entries: JSON.stringify(entries) }));
}

/**
 * The entries of the rows a trace read, in their records' order, each row's in its document's order. A
 * row written before entries held an address has none until the index's upgrade writes it again.
 */
export const entriesOfRows = (rows: readonly { entries: string }[]): HeldPart['entry'][] =>
  rows.flatMap((row) =>
    (JSON.parse(row.entries) as HeldPart['entry'][]).map((entry) => ({
      ...entry,
      address: entry.address ?? null,
    })),
  );
