import type { Upstream } from '@/server/proxy';
import {
  type IndexedDocument,
  isUnreadable,
  readProductDocument,
  readWarehouseDocument,
  type Unreadable,
} from '../records/indexed-document';
import type { RecordStore } from '../store/record-store-port';
import { readUpstream, UpstreamReadError } from './upstream-reader';

const listings = [
  { name: 'orders', path: '/warehouse/v1/orders', read: readWarehouseDocument },
  { name: 'receives', path: '/warehouse/v1/receives', read: readWarehouseDocument },
  { name: 'products', path: '/warehouse/v1/products', read: readProductDocument },
] as const;
type ListingName = (typeof listings)[number]['name'];

const pageSize = 200;
/** A run stops after this many pages of one listing (two million records): a bound, not an expectation. */
const maxPages = 10_000;
/** The next run starts this far before the newest change seen, for changes stamped a little late. */
const overlapMs = 5_000;

export type SyncRun = {
  startedAt: string;
  finishedAt: string | null;
  pages: number;
  stored: number;
  duplicate: number;
  stale: number;
  unreadable: number;
  error: string | null;
};

export type SyncStatus = {
  /**
   * listing: the sync walks the operator's listing; webhooks-only: the upstream ignores the listing
   * extension.
   */
  mode: 'listing' | 'webhooks-only';
  /** Why the sync stopped using the listing, in words. */
  problem: string | null;
  intervalSeconds: number;
  running: boolean;
  lastRun: SyncRun | null;
  nextRunAt: string | null;
  /** Per listing: where the next run starts (the newest change seen, less the overlap). */
  checkpoints: Record<ListingName, string | null>;
  /** Of a team's consoles, which one runs the sync (null: none holds it now); null for a console alone. */
  team: { thisConsole: string; leader: { console: string; since: string } | null } | null;
};

/** For the consoles of a team: only the one that leads runs the sync (postgres-sync-leader.ts). */
export type SyncLeadership = {
  instanceId: string;
  leading(): boolean;
  leader(): Promise<{ instanceId: string; sinceMs: number } | null>;
};

class ListingIgnored extends Error {}

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

/**
 * Fills and corrects the index from the operator's listing: on start and every `intervalMs`, each
 * listing is walked from its checkpoint (the newest `dateLastUpdated` seen) and every document upserted.
 * Against an upstream that ignores the listing extension it stops, says so in its status, and the index
 * lives on webhooks, the console's own writes and lookups.
 */
export function createIndexSync({
  store,
  upstream,
  intervalMs,
  log = () => {},
  now = Date.now,
  onRun = () => {},
  leadership,
}: {
  store: RecordStore;
  upstream: Upstream;
  intervalMs: number;
  log?: (line: string) => void;
  now?: () => number;
  /** Hears each run as it finishes (`error` set when it failed), for /metrics. */
  onRun?: (run: SyncRun) => void;
  /** Of a team's consoles, whether this one runs the sync; without, it always does. */
  leadership?: SyncLeadership;
}) {
  let running: Promise<SyncRun> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let nextRunMs: number | null = null;
  let stopped = false;

  const checkpointOf = (name: ListingName) => store.readState<number>(`sync.checkpoint.${name}`);
  const ignoredBecause = () => store.readState<string>('sync.listingIgnored');

  async function walk(name: ListingName, run: SyncRun): Promise<void> {
    const listing = listings.find((candidate) => candidate.name === name);
    if (!listing) return;
    const fromMs = await checkpointOf(name);
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
    for (let page = 0; page < maxPages && !stopped; page++) {
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
    if (newestMs !== null)
      await store.writeState(`sync.checkpoint.${name}`, Math.max(0, newestMs - overlapMs));
  }

  async function walkAll(run: SyncRun): Promise<void> {
    try {
      for (const listing of listings) await walk(listing.name, run);
    } catch (error) {
      if (!(error instanceof ListingIgnored)) throw error;
      await store.writeState('sync.listingIgnored', error.message);
      log(`index sync: ${error.message}; the index now lives on webhooks, the console's writes and lookups`);
    }
  }

  const newRun = (): SyncRun => ({
    startedAt: new Date(now()).toISOString(),
    finishedAt: null,
    pages: 0,
    stored: 0,
    duplicate: 0,
    stale: 0,
    unreadable: 0,
    error: null,
  });

  async function runOnce(): Promise<SyncRun> {
    const run = newRun();
    try {
      if ((await ignoredBecause()) === null) await walkAll(run);
    } catch (error) {
      run.error = error instanceof UpstreamReadError ? error.message : 'the sync failed';
      if (!(error instanceof UpstreamReadError)) log(`index sync failed: ${String(error)}`);
    }
    run.finishedAt = new Date(now()).toISOString();
    // The index's database may not answer (a team's PostgreSQL failing over): the run is reported all the same.
    await store
      .writeState('sync.lastRun', run)
      .catch((error) => log(`index sync: its run could not be recorded: ${String(error)}`));
    onRun(run);
    return run;
  }

  function schedule(delayMs: number) {
    if (stopped) return;
    nextRunMs = now() + delayMs;
    timer = setTimeout(() => {
      // Another console of the team syncs the index they share; this one stands by to take over.
      if (leadership && !leadership.leading()) return schedule(intervalMs);
      void syncNow().finally(() => schedule(intervalMs));
    }, delayMs);
    timer.unref();
  }

  /** Runs the sync now, or joins the run under way; once stopped, runs nothing. */
  async function syncNow(): Promise<SyncRun> {
    if (stopped) return { ...newRun(), error: 'the sync has stopped' };
    running ??= runOnce().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    syncNow,
    /**
     * Starts afresh: an upstream found ignoring the listing is asked again (the setting may have changed).
     */
    async start(): Promise<void> {
      // Of a team, the console that leads asks again; one standing by leaves the leader's finding alone.
      if (!leadership || leadership.leading()) await store.writeState('sync.listingIgnored', null);
      schedule(0);
    },
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
    async status(): Promise<SyncStatus> {
      const [problem, lastRun, checkpoints, leader] = await Promise.all([
        ignoredBecause(),
        store.readState<SyncRun>('sync.lastRun'),
        Promise.all(listings.map(({ name }) => checkpointOf(name))),
        leadership?.leader() ?? null,
      ]);
      return {
        mode: problem === null ? 'listing' : 'webhooks-only',
        problem,
        intervalSeconds: intervalMs / 1000,
        running: running !== null,
        lastRun,
        nextRunAt: nextRunMs === null || stopped ? null : new Date(nextRunMs).toISOString(),
        checkpoints: Object.fromEntries(
          listings.map(({ name }, index) => {
            const checkpoint = checkpoints[index] ?? null;
            return [name, checkpoint === null ? null : new Date(checkpoint).toISOString()];
          }),
        ) as Record<ListingName, string | null>,
        team: leadership
          ? {
              thisConsole: leadership.instanceId,
              leader: leader && { console: leader.instanceId, since: new Date(leader.sinceMs).toISOString() },
            }
          : null,
      };
    },
  };
}
export type IndexSync = ReturnType<typeof createIndexSync>;
