import type { AttemptLimitStore } from './attempt-limits';
import { createRateLimiter, type RateLimiter } from './rate-limiter';

/**
 * Attempts counted in this process, as one console has always counted them: a bounded map of fixed windows
 * per rule (rate-limiter.ts). Each step is synchronous, so it is atomic among this process's requests.
 */
export function createMemoryAttemptLimits({
  now = Date.now,
  maxKeys,
}: {
  now?: () => number;
  maxKeys?: number;
} = {}): AttemptLimitStore {
  const limiters = new Map<string, RateLimiter>();
  return ({ scope, limit, windowMs }) => {
    let limiter = limiters.get(scope);
    if (!limiter) {
      limiter = createRateLimiter({ limit, windowMs, maxKeys, now });
      limiters.set(scope, limiter);
    }
    const counts = limiter;
    return {
      take: async (key) => counts.reserve(key),
      waitMs: async (key) => counts.retryAfterMs(key),
      giveBack: async (key) => counts.release(key),
      clear: async (key) => counts.reset(key),
    };
  };
}
