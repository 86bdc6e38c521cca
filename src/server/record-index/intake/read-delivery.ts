import {
  type IndexedVersion,
  isUnreadable,
  readWarehouseDocument,
  toIndexedVersion,
} from '../records/indexed-document';

/** A delivery as read: the version to store, or why it cannot be read (kept with an excerpt). */
export type ReadDelivery =
  | { version: IndexedVersion; bytes: number }
  | { rejected: string; bytes: number; excerpt: string };

/** Parses and checks one delivery's body: the work that needs no database, done where there is room. */
export function readDelivery(text: string): ReadDelivery {
  const bytes = Buffer.byteLength(text);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { rejected: 'The body is not JSON', bytes, excerpt: text.slice(0, 2000) };
  }
  const document = readWarehouseDocument(body);
  if (isUnreadable(document)) return { rejected: document.reason, bytes, excerpt: text.slice(0, 2000) };
  return { version: toIndexedVersion(document), bytes };
}
