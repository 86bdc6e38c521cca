import type { Clock } from '../record-index/sync/read-back';

/**
 * A clock for the index's background checks whose time moves only when a test says: `advance` runs each
 * timer as its moment comes, waiting after each for the work it started (`settle`).
 */
export function simulatedClock(startMs: number, settle: () => Promise<void>) {
  let nowMs = startMs;
  let timers: { atMs: number; run: () => void }[] = [];
  const clock: Clock = {
    now: () => nowMs,
    after(ms, run) {
      const timer = { atMs: nowMs + ms, run };
      timers.push(timer);
      return {
        cancel: () => {
          timers = timers.filter((other) => other !== timer);
        },
      };
    },
  };
  return {
    clock,
    now: () => nowMs,
    async advance(ms: number): Promise<void> {
      const untilMs = nowMs + ms;
      for (;;) {
        const next = timers.filter(({ atMs }) => atMs <= untilMs).sort((a, b) => a.atMs - b.atMs)[0];
        if (!next) break;
        timers = timers.filter((other) => other !== next);
        nowMs = Math.max(nowMs, next.atMs);
        next.run();
        await settle();
      }
      nowMs = untilMs;
    },
  };
}
