import {
  type IndexedDocument,
  isUnreadable,
  readProductDocument,
  readWarehouseDocument,
} from '../records/indexed-document';
import type { IndexSource } from '../records/indexed-record';
import type { ApplyContext } from '../records/version-decision';
import type { RecordStore } from '../store/record-store-port';

/** `orders?PrimaryReference=`, `receives?PrimaryReference=`, `products?productcode=` and `products/{id}`. */
export function isExactLookup(segments: string[], search: string): boolean {
  const [kind, id, ...rest] = segments;
  if (kind === 'products' && id !== undefined && rest.length === 0) return true;
  if (segments.length !== 1) return false;
  const names = [...new URLSearchParams(search).keys()].map((name) => name.toLowerCase());
  return kind === 'products' ? names.includes('productcode') : names.includes('primaryreference');
}

/**
 * Keeps the index as fresh as what the console itself just saw: the answer to its own change (a create,
 * a correction, a warehouse action) and to an exact lookup is upserted like any other version; `context`
 * names the person who made a change, for the record's activity, or when a lookup began. The documents of
 * one answer are stored in one commit.
 */
export async function indexAnswer(
  store: RecordStore,
  segments: string[],
  source: IndexSource,
  answer: unknown,
  context: ApplyContext = {},
): Promise<void> {
  const data = (answer as { data?: unknown } | null)?.data as Record<string, unknown> | undefined;
  if (!data || typeof data !== 'object') return;
  const read = segments[0] === 'products' ? readProductDocument : readWarehouseDocument;
  const listed = data.orders ?? data.receives ?? data.products;
  const documents = (Array.isArray(listed) ? listed.slice(0, 10) : [data])
    .map(read)
    .filter((document): document is IndexedDocument => !isUnreadable(document));
  if (documents.length > 0) await store.applyAll(documents, source, context);
}
