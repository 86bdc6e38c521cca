import { createHeavyQueue } from '../../heavy-work/heavy-queue';
import { sharedWorkerPool, workerTask } from '../../heavy-work/worker-pool';
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

const readDeliveryTask = workerTask<typeof readDelivery>(import.meta.url, 'readDelivery');

/**
 * A body this long is read on a worker thread: reading, checking and indexing a receive of 10,000 serial
 * numbers held the request thread for most of a second. A shorter one costs less than the trip there.
 */
export const largeDeliveryCharacters = 64 * 1024;
const largeReads = createHeavyQueue({ delivery: { running: 2, waiting: 32 } });

/**
 * Reads one delivery's body, a large one on a worker thread: what it is, or (as a promise) what it will be.
 * Throws Busy past the line of large ones (the operator sends it again after a 503).
 */
export function readDeliveryOffThread(text: string): ReadDelivery | Promise<ReadDelivery> {
  if (text.length <= largeDeliveryCharacters) return readDelivery(text);
  return largeReads.run('delivery', '', () => sharedWorkerPool().run(readDeliveryTask, text));
}
