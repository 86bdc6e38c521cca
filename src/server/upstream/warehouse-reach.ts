import type { WarehouseReach } from '../../contract/warehouse-reach';

export type ReachListener = (reach: WarehouseReach) => void;

/**
 * Keeps when the warehouse last answered the console. Every call to it reports here (`answered`, or
 * `failed` with why); once a call failed and nothing answered for longer than `quietMs` (one sync interval),
 * the warehouse counts as not answering, listeners hear it and the log says so; the next answer ends that.
 */
export function createWarehouseReach({
  quietMs,
  now = Date.now,
  log = () => {},
}: {
  quietMs: number;
  now?: () => number;
  log?: (line: string) => void;
}) {
  const startedMs = now();
  let lastAnsweredMs: number | null = null;
  let failedSinceAnswer = false;
  let problem: string | null = null;
  let told = true;
  let recheck: NodeJS.Timeout | undefined;
  const listeners = new Set<ReachListener>();
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

  function current(): WarehouseReach {
    const quietSinceMs = lastAnsweredMs ?? startedMs;
    return {
      answering: !failedSinceAnswer || now() - quietSinceMs <= quietMs,
      lastAnsweredAt: iso(lastAnsweredMs),
      consoleStartedAt: iso(startedMs) as string,
      problem,
    };
  }

  function tell() {
    const reach = current();
    if (reach.answering === told) return;
    told = reach.answering;
    log(
      reach.answering
        ? 'warehouse: answering again'
        : `warehouse: no answer since ${reach.lastAnsweredAt ?? `the start (${reach.consoleStartedAt})`} (${problem}); pages say so`,
    );
    for (const listener of listeners) listener(reach);
  }

  return {
    current,
    answered(): void {
      lastAnsweredMs = now();
      failedSinceAnswer = false;
      problem = null;
      clearTimeout(recheck);
      tell();
    },
    failed(why: string): void {
      failedSinceAnswer = true;
      problem = why;
      tell();
      // Quiet long enough only later: say so then, whether or not another call is made by that time.
      clearTimeout(recheck);
      const dueMs = (lastAnsweredMs ?? startedMs) + quietMs + 1 - now();
      if (told && dueMs > 0) {
        recheck = setTimeout(tell, dueMs);
        recheck.unref();
      }
    },
    /** Calls `listener` with each change between answering and not; returns how to stop. */
    follow(listener: ReachListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
export type WarehouseReachTracker = ReturnType<typeof createWarehouseReach>;
