import type { Upstream } from '../../upstream/proxy';
import {
  type IndexedDocument,
  isUnreadable,
  type RecordFamily,
  readWarehouseDocument,
} from '../records/indexed-document';
import type { RecordStore } from '../store/record-store-port';
import { readUpstream } from './upstream-reader';

/** Reads one order or receive by reference from the operator: its document, or null when it has none. */
export type ReadRecord = (family: RecordFamily, reference: string) => Promise<IndexedDocument | null>;

export function operatorReader(upstream: Upstream): ReadRecord {
  return async (family, reference) => {
    const member = family === 'order' ? 'orders' : 'receives';
    const data = (await readUpstream(upstream, `/warehouse/v1/${member}`, { PrimaryReference: reference })) as
      | Record<string, unknown>
      | null
      | undefined;
    const found = data?.[member];
    if (!Array.isArray(found)) return null;
    for (const item of found.slice(0, 10)) {
      const document = readWarehouseDocument(item);
      if (!isUnreadable(document) && document.family === family && document.reference === reference)
        return document;
    }
    return null;
  };
}

/** What the read-back did since the console started, for the Sync page. */
export type ReadBackCounts = {
  /** Reads of the operator made. */
  reads: number;
  /** Reads whose version the index did not hold and stored. */
  repaired: number;
  /** Reads that failed (the operator unreachable or answering an error). */
  failed: number;
  /** Records not read back because too many waited. */
  dropped: number;
  /** Records waiting to be read or being read now. */
  waiting: number;
};

export type ReadBackTiming = {
  /** The first read, this long after a record was found uncertain: deliveries of that second arrive meanwhile. */
  firstReadMs: number;
  /**
   * A second read this long after the first: the operator may show a change through its API later than
   * its webhook, so the first read can answer the version before, dated the same second.
   */
  confirmAfterMs: number;
  /** While the API shows an older version than a webhook brought, read again after 1, 2, 4… seconds, this often. */
  maxRetries: number;
  /** Reads running at once. */
  concurrency: number;
  /** Records waiting at most; past that a record is dropped and counted (left to the drift check's sample and the sync). */
  maxWaiting: number;
};

export const defaultReadBackTiming: ReadBackTiming = {
  firstReadMs: 1_000,
  confirmAfterMs: 10_000,
  maxRetries: 6,
  concurrency: 4,
  maxWaiting: 5_000,
};

type Waiting = {
  family: RecordFamily;
  reference: string;
  dueMs: number;
  /** A confirming read is still to come. */
  confirm: boolean;
  retries: number;
};

/** A scheduler: production uses timers; the convergence property drives a simulated clock. */
export type Clock = { now(): number; after(ms: number, run: () => void): { cancel(): void } };

export const realClock: Clock = {
  now: Date.now,
  after(ms, run) {
    const timer = setTimeout(run, ms);
    timer.unref();
    return { cancel: () => clearTimeout(timer) };
  },
};

/**
 * Reads back from the operator the records whose version the index cannot settle by their dates
 * (record-writes.ts, decide): two versions of one second, a version dated ahead of the clock. Each such
 * record is read a second later and again `confirmAfterMs` after that, and while the API shows an older
 * version than a webhook brought, again with a doubling wait: the index ends on the operator's last
 * state even when its API lags its webhooks. A record waits once however often it is found uncertain;
 * at most `concurrency` reads run and `maxWaiting` records wait.
 */
export function createReadBack({
  store,
  readRecord,
  clock = realClock,
  timing: overrides = {},
  log = () => {},
}: {
  store: RecordStore;
  readRecord: ReadRecord;
  clock?: Clock;
  timing?: Partial<ReadBackTiming>;
  log?: (line: string) => void;
}) {
  const timing = { ...defaultReadBackTiming, ...overrides };
  const counts = { reads: 0, repaired: 0, failed: 0, dropped: 0 };
  const waiting = new Map<string, Waiting>();
  const running = new Map<string, Promise<void>>();
  /** Records found uncertain again while being read: one more read with its confirmation. */
  const again = new Set<string>();
  let timer: { cancel(): void } | null = null;
  let stopped = false;
  const keyOf = (family: RecordFamily, reference: string) => `${family}\u0000${reference}`;

  function request(family: RecordFamily, reference: string): void {
    if (stopped) return;
    const key = keyOf(family, reference);
    const entry = waiting.get(key);
    if (entry) {
      entry.confirm = true;
      return;
    }
    if (running.has(key)) {
      again.add(key);
      return;
    }
    if (waiting.size >= timing.maxWaiting) {
      counts.dropped += 1;
      return;
    }
    waiting.set(key, {
      family,
      reference,
      dueMs: clock.now() + timing.firstReadMs,
      confirm: true,
      retries: 0,
    });
    pump();
  }

  /** After a read: whether the operator's API still shows less than the index holds from a webhook. */
  async function apiBehind(entry: Waiting, read: IndexedDocument | null): Promise<boolean> {
    const held = await store.find(entry.family, entry.reference);
    if (held?.source !== 'webhook') return false;
    return read === null || read.updatedMs < held.updatedMs;
  }

  function later(key: string, entry: Waiting, delayMs: number): void {
    if (!stopped) waiting.set(key, { ...entry, dueMs: clock.now() + delayMs });
  }

  async function readOne(key: string, entry: Waiting): Promise<void> {
    const retryMs = 1_000 * 2 ** entry.retries;
    let read: IndexedDocument | null;
    const readStartedMs = clock.now();
    try {
      read = await readRecord(entry.family, entry.reference);
      counts.reads += 1;
    } catch (error) {
      counts.failed += 1;
      if (entry.retries < timing.maxRetries) later(key, { ...entry, retries: entry.retries + 1 }, retryMs);
      else log(`read-back of ${entry.family} ${entry.reference} gave up: ${String(error)}`);
      return;
    }
    // A version the index held already is confirmed as fresh as this read.
    if (read && (await store.applyOrConfirm(read, 'lookup', { readStartedMs })) === 'stored')
      counts.repaired += 1;
    const behind = entry.retries < timing.maxRetries && (await apiBehind(entry, read));
    // Last, after every wait: a record found uncertain again while this read ran is read once more.
    if (again.delete(key)) later(key, { ...entry, confirm: true, retries: 0 }, timing.firstReadMs);
    else if (behind) later(key, { ...entry, retries: entry.retries + 1 }, retryMs);
    else if (entry.confirm) later(key, { ...entry, confirm: false, retries: 0 }, timing.confirmAfterMs);
  }

  function pump(): void {
    timer?.cancel();
    timer = null;
    if (stopped) return;
    const nowMs = clock.now();
    let nextDueMs = Number.POSITIVE_INFINITY;
    for (const [key, entry] of waiting) {
      if (running.size >= timing.concurrency) return;
      if (entry.dueMs > nowMs) {
        nextDueMs = Math.min(nextDueMs, entry.dueMs);
        continue;
      }
      waiting.delete(key);
      running.set(
        key,
        readOne(key, entry)
          // Storing what was read failed (the database busy past its timeout): the drift check or the sync repairs it.
          .catch((error: unknown) => {
            counts.failed += 1;
            log(`read-back of ${entry.family} ${entry.reference} could not be stored: ${String(error)}`);
          })
          .finally(() => {
            running.delete(key);
            pump();
          }),
      );
    }
    if (nextDueMs !== Number.POSITIVE_INFINITY) timer = clock.after(nextDueMs - nowMs, pump);
  }

  const unsubscribe = store.onUncertain(request);

  return {
    request,
    counts: (): ReadBackCounts => ({ ...counts, waiting: waiting.size + running.size }),
    /** Settles once no read runs (waiting ones may remain): for tests that drive the clock. */
    async idle(): Promise<void> {
      while (running.size > 0) await Promise.all(running.values());
    },
    async stop(): Promise<void> {
      stopped = true;
      unsubscribe();
      timer?.cancel();
      waiting.clear();
      await Promise.all(running.values());
    },
  };
}
export type ReadBack = ReturnType<typeof createReadBack>;
