/**
 * A kind of attempt that is limited, and how far: `limit` attempts per key (a name, an address) in a fixed
 * window of `windowMs` that starts at the key's first attempt. `scope` keeps kinds apart in a shared store.
 */
export type AttemptRule = { scope: string; limit: number; windowMs: number };

/**
 * The attempts of one rule: password guesses per name or per address, wrong webhook tokens per address.
 * Each attempt is counted before it is made, in one atomic step, so concurrent attempts (from one console or
 * from several on one database) cannot pass the limit together.
 */
export interface AttemptLimits {
  /** Counts an attempt for `key` unless it is at its limit: 0 when counted, else the milliseconds to wait. */
  take(key: string): Promise<number>;
  /** The milliseconds `key` must wait, counting nothing: 0 while it is under its limit. */
  waitMs(key: string): Promise<number>;
  /** Gives back one taken attempt that turned out not to count (a success, a refusal elsewhere). */
  giveBack(key: string): Promise<void>;
  /** Forgets `key`'s attempts: it starts afresh. */
  clear(key: string): Promise<void>;
}

/**
 * Where attempts are counted: the port. memory-attempt-limits.ts keeps them in the process (one console, the
 * default), postgres-attempt-limits.ts in the database, so every console on it counts the same attempts.
 * attempt-limits.test.ts holds both to the same answers. Opening a rule's scope twice gives the same counts.
 */
export type AttemptLimitStore = (rule: AttemptRule) => AttemptLimits;
