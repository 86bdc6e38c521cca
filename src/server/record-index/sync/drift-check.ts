import type { DriftCandidate } from '../store/drift-queries';
import type { RecordStore } from '../store/record-store-port';
import { type Clock, type ReadRecord, realClock } from './read-back';

/** What the drift check found since the console started, for the Sync page and the start page. */
export type DriftCounts = {
  /** Records compared with the operator. */
  checked: number;
  /** Compared records whose version at the operator differed from the index's. */
  differing: number;
  /** Differing records the index now holds as the operator does. */
  repaired: number;
  /** Reads that failed (the operator unreachable or answering an error). */
  failed: number;
  lastCheckAt: string | null;
  /** When a record last differed, and its reference. */
  lastDriftAt: string | null;
  lastDriftReference: string | null;
};

export type DriftTiming = {
  intervalMs: number;
  /** Recently changed records compared in a pass, the most recent first. */
  recent: number;
  /** Records of the rest compared in a pass, in turn. */
  sample: number;
  /**
   * A change is compared once it is this old: until then its read-back may run, and the operator's API
   * may not show it yet.
   */
  settleMs: number;
  /** At the start, changes this recent count as changed since the last pass. */
  lookBackMs: number;
};

export const defaultDriftTiming: DriftTiming = {
  intervalMs: 60_000,
  recent: 20,
  sample: 5,
  settleMs: 15_000,
  lookBackMs: 15 * 60_000,
};

/** The document without its top-level id: a webhook's may differ from the one the API answers (operator-docs.md). */
const comparable = (text: string) => {
  const { id: _, ...rest } = JSON.parse(text) as Record<string, unknown>;
  return JSON.stringify(rest);
};

/**
 * Compares the index with the operator in the background, a bounded pass every `intervalMs`: the orders
 * and receives changed since the last pass (up to `recent`) and a rotating sample of the rest (`sample`),
 * one read at a time. A record that differs is stored as the operator answers and counted, so drift the
 * webhooks, the read-back and the sync missed is found and repaired within minutes, and seen.
 */
export function createDriftCheck({
  store,
  readRecord,
  clock = realClock,
  timing: overrides = {},
}: {
  store: Pick<RecordStore, 'apply' | 'drift'>;
  readRecord: ReadRecord;
  clock?: Clock;
  timing?: Partial<DriftTiming>;
}) {
  const timing = { ...defaultDriftTiming, ...overrides };
  const counts: DriftCounts = {
    checked: 0,
    differing: 0,
    repaired: 0,
    failed: 0,
    lastCheckAt: null,
    lastDriftAt: null,
    lastDriftReference: null,
  };
  // The first pass, `settleMs` after the start, takes the changes of the minutes before the start too:
  // what a console stopped before reading back is compared then.
  const lookBackFromMs = clock.now() - timing.lookBackMs;
  let afterSeq: number | null = null;
  let sampleAfterId = 0;
  let timer: { cancel(): void } | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;

  async function compare({ family, reference, doc }: DriftCandidate): Promise<void> {
    const readStartedMs = clock.now();
    const read = await readRecord(family, reference).catch(() => undefined);
    if (read === undefined) {
      counts.failed += 1;
      return;
    }
    counts.checked += 1;
    // None at the operator: nothing to repair it with (a create its API does not show yet).
    if (read === null || comparable(JSON.stringify(read.document)) === comparable(doc)) return;
    counts.differing += 1;
    counts.lastDriftAt = new Date(clock.now()).toISOString();
    counts.lastDriftReference = reference;
    const outcome = await store.apply(read, 'lookup', { readStartedMs });
    if (outcome === 'stored') counts.repaired += 1;
  }

  async function checkOnce(): Promise<void> {
    afterSeq ??= await store.drift.seqBefore(lookBackFromMs);
    const changed = await store.drift.changed(afterSeq, clock.now() - timing.settleMs, timing.recent);
    afterSeq = changed.lastSeq;
    const sample = await store.drift.sample(sampleAfterId, timing.sample);
    sampleAfterId = sample.at(-1)?.id ?? 0;
    const seen = new Set<number>();
    for (const candidate of [...changed.candidates, ...sample]) {
      if (stopped) return;
      if (seen.has(candidate.id)) continue;
      seen.add(candidate.id);
      await compare(candidate);
    }
    counts.lastCheckAt = new Date(clock.now()).toISOString();
  }

  function schedule(delayMs: number): void {
    if (stopped) return;
    timer = clock.after(delayMs, () => {
      running = checkOnce()
        // Storing a repair failed (the database busy past its timeout): the next pass tries again.
        .catch(() => {
          counts.failed += 1;
        })
        .finally(() => {
          running = null;
          schedule(timing.intervalMs);
        });
    });
  }

  return {
    start: () => schedule(timing.settleMs),
    /** Settles once no pass runs: for tests that drive the clock. */
    idle: async (): Promise<void> => {
      await running;
    },
    counts: (): DriftCounts => ({ ...counts }),
    async stop(): Promise<void> {
      stopped = true;
      timer?.cancel();
      await running;
    },
  };
}
export type DriftCheck = ReturnType<typeof createDriftCheck>;
