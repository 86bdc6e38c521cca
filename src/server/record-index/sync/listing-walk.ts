import type { Upstream } from '../../upstream/proxy';
import {
  type IndexedDocument,
  isUnreadable,
  readProductDocument,
  readWarehouseDocument,
  type Unreadable,
} from '../records/indexed-document';
import type { ApplyOutcome } from '../records/version-decision';
import type { RecordStore } from '../store/record-store-port';
import { readUpstream, UpstreamReadError } from './upstream-reader';

export const listings = [
  { name: 'orders', path: '/warehouse/v1/orders', read: readWarehouseDocument },
  { name: 'receives', path: '/warehouse/v1/receives', read: readWarehouseDocument },
  { name: 'products', path: '/warehouse/v1/products', read: readProductDocument },
] as const;
export type ListingName = (typeof listings)[number]['name'];

const pageSize = 200;
/** A run stops after this many pages of one listing (two million records): a bound, not an expectation. */
const maxPages = 10_000;
/** The next run starts this far before the newest change seen, for changes stamped a little late. */
const overlapMs = 5_000;

/** What a walk counts into its run: the pages it read, and the documents it could not read or stored. */
export type WalkCounts = Record<'pages' | 'unreadable' | ApplyOutcome, number>;

/** What a walk reads and writes, and whether the sync stopped: a walk reads no further page once it has. */
type WalkSources = { store: RecordStore; upstream: Upstream; now: () => number; stopped: () => boolean };

export class ListingIgnored extends Error {}

type ListingPage = { items: unknown[]; nextCursor: string | null };

/** The listing's page, checked for signs that the upstream ignores our listing extension. */
function readPage(
  data: unknown,
  name: ListingName,
  fromMs: number | null,
  documents: (IndexedDocument | Unreadable)[],
): ListingPage {
  const page = data as Record<string, unknown> | null;
  const items = page?.[name];
  if (!Array.isArray(items))
    throw new UpstreamReadError(`the ${name} listing answered without a list of ${name}`);
  if (!page || !('nextCursor' in page)) {
    throw new ListingIgnored(`the ${name} listing has no nextCursor: the service does not page its listings`);
  }
  if (items.length > pageSize) {
    throw new ListingIgnored(`the ${name} listing sent ${items.length} ${name} for a limit of ${pageSize}`);
  }
  for (const item of items) {
    const document = listings.find((listing) => listing.name === name)?.read(item) ?? {
      ok: false,
      reason: '',
    };
    if (!isUnreadable(document) && fromMs !== null && document.updatedMs < fromMs - overlapMs) {
      throw new ListingIgnored(`the ${name} listing sent ${name} changed before dateLastUpdatedFrom`);
    }
    documents.push(document);
  }
  const nextCursor = page.nextCursor;
  return { items, nextCursor: typeof nextCursor === 'string' && nextCursor !== '' ? nextCursor : null };
}

/** Where the next walk of a listing starts: the newest change it saw, less the overlap. */
export const checkpointOf = (store: RecordStore, name: ListingName) =>
  store.readState<number>(`sync.checkpoint.${name}`);

/**
 * Walks one listing from its checkpoint and stores every document it sends, a page at a time, while the
 * operator makes the next; then moves the checkpoint on.
 */
export async function walkListing(
  name: ListingName,
  run: WalkCounts,
  { store, upstream, now, stopped }: WalkSources,
): Promise<void> {
  const listing = listings.find((candidate) => candidate.name === name);
  if (!listing) return;
  const fromMs = await checkpointOf(store, name);
  let newestMs = fromMs;
  const seenCursors = new Set<string>();
  /** A page's read, settled either way: one read ahead may fail while the page before is being stored. */
  const readAhead = (cursor: string | undefined) => {
    const readStartedMs = now();
    return readUpstream(upstream, listing.path, {
      limit: String(pageSize),
      cursor,
      dateLastUpdatedFrom: fromMs === null ? undefined : new Date(fromMs).toISOString(),
    }).then(
      (data) => ({ data, readStartedMs }),
      (error: unknown) => ({ error, readStartedMs }),
    );
  };
  let reading = readAhead(undefined);
  for (let page = 0; page < maxPages && !stopped(); page++) {
    const read = await reading;
    if ('error' in read) throw read.error;
    const documents: (IndexedDocument | Unreadable)[] = [];
    const { nextCursor } = readPage(read.data, name, fromMs, documents);
    if (nextCursor !== null) {
      if (seenCursors.has(nextCursor))
        throw new ListingIgnored(`the ${name} listing gave the same cursor twice`);
      seenCursors.add(nextCursor);
      // The operator makes the next page while this one is stored: a first sync waits on neither alone.
      reading = readAhead(nextCursor);
    }
    const readable = documents.filter((document): document is IndexedDocument => !isUnreadable(document));
    run.unreadable += documents.length - readable.length;
    for (const outcome of await store.applyAll(readable, 'sync', { readStartedMs: read.readStartedMs }))
      run[outcome] += 1;
    for (const document of readable) newestMs = Math.max(newestMs ?? 0, document.updatedMs);
    run.pages += 1;
    if (nextCursor === null) break;
    // Let requests in between pages: a long first sync must not hold the server.
    await new Promise((resolve) => setImmediate(resolve));
  }
  if (newestMs !== null) await store.writeState(`sync.checkpoint.${name}`, Math.max(0, newestMs - overlapMs));
}
