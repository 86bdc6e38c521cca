/**
 * Counts events per key in fixed windows: `limit` per `windowMs`. The map is bounded: past `maxKeys` the
 * oldest windows go first, so a flood of distinct keys costs memory only up to that bound.
 */
export function createRateLimiter({
  limit,
  windowMs,
  maxKeys = 10_000,
  now = Date.now,
}: {
  limit: number;
  windowMs: number;
  maxKeys?: number;
  now?: () => number;
}) {
  const windows = new Map<string, { startMs: number; count: number }>();

  function current(key: string) {
    const window = windows.get(key);
    if (window && now() - window.startMs < windowMs) return window;
    if (window) windows.delete(key);
    return undefined;
  }

  /** Milliseconds until `key` may try again, or 0 when it may now. */
  function retryAfterMs(key: string): number {
    const window = current(key);
    return window && window.count >= limit ? window.startMs + windowMs - now() : 0;
  }

  function hit(key: string): void {
    const window = current(key);
    if (window) {
      window.count++;
      return;
    }
    if (windows.size >= maxKeys) windows.delete(windows.keys().next().value as string);
    windows.set(key, { startMs: now(), count: 1 });
  }

  return {
    retryAfterMs,
    hit,
    /**
     * Counts an attempt before it is made, unless `key` is at its limit: 0 when counted, else the
     * milliseconds to wait. Reserving in one synchronous step is what keeps concurrent attempts within it.
     */
    reserve(key: string): number {
      const waitMs = retryAfterMs(key);
      if (waitMs === 0) hit(key);
      return waitMs;
    },
    /** Gives back one reserved attempt that turned out not to count (a success, a refusal elsewhere). */
    release(key: string): void {
      const window = current(key);
      if (window && window.count > 0) window.count--;
    },
    reset(key: string): void {
      windows.delete(key);
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
