import type { Upstream } from '../../upstream/proxy';
import type { RecordStore } from '../store/record-store-port';
import { checkpointOf, ListingIgnored, type ListingName, listings, walkListing } from './listing-walk';
import { UpstreamReadError } from './upstream-reader';

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

const newRun = (now: () => number): SyncRun => ({
  startedAt: new Date(now()).toISOString(),
  finishedAt: null,
  pages: 0,
  stored: 0,
  duplicate: 0,
  stale: 0,
  unreadable: 0,
  error: null,
});

const ignoredBecause = (store: RecordStore) => store.readState<string>('sync.listingIgnored');

/**
 * What the status reads of the index and of the team: why the listing is not used, the last run, where
 * each listing starts next, the leader.
 */
async function storedStatus(
  store: RecordStore,
  leadership: SyncLeadership | undefined,
): Promise<Pick<SyncStatus, 'problem' | 'lastRun' | 'checkpoints' | 'team'>> {
  const [problem, lastRun, checkpoints, leader] = await Promise.all([
    ignoredBecause(store),
    store.readState<SyncRun>('sync.lastRun'),
    Promise.all(listings.map(({ name }) => checkpointOf(store, name))),
    leadership?.leader() ?? null,
  ]);
  return {
    problem,
    lastRun,
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

  async function walkAll(run: SyncRun): Promise<void> {
    try {
      for (const listing of listings)
        await walkListing(listing.name, run, { store, upstream, now, stopped: () => stopped });
    } catch (error) {
      if (!(error instanceof ListingIgnored)) throw error;
      await store.writeState('sync.listingIgnored', error.message);
      log(`index sync: ${error.message}; the index now lives on webhooks, the console's writes and lookups`);
    }
  }

  async function runOnce(): Promise<SyncRun> {
    const run = newRun(now);
    try {
      if ((await ignoredBecause(store)) === null) await walkAll(run);
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
    if (stopped) return { ...newRun(now), error: 'the sync has stopped' };
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
      const { problem, lastRun, checkpoints, team } = await storedStatus(store, leadership);
      return {
        mode: problem === null ? 'listing' : 'webhooks-only',
        problem,
        intervalSeconds: intervalMs / 1000,
        running: running !== null,
        lastRun,
        nextRunAt: nextRunMs === null || stopped ? null : new Date(nextRunMs).toISOString(),
        checkpoints,
        team,
      };
    },
  };
}
export type IndexSync = ReturnType<typeof createIndexSync>;
