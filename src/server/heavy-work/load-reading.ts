/**
 * How hard pressed the console is, from its event loop (how long it kept a timer waiting, how much of the
 * time it was busy) and its memory, as Fastify's under-pressure reads them: `heavy` refuses new heavy work (packets, imports, exports, traces); `severe` refuses every
 * request but those people need to find their way: health, readiness, metrics, sign-in, the dashboard's
 * pages and settings, and reads of one record.
 */
export type LoadLevel = 'calm' | 'heavy' | 'severe';

/** What the monitor saw in its last sample. */
export type LoadReading = {
  level: LoadLevel;
  /** The longest a timer waited past its time. */
  delayMs: number;
  /** The share of the time the event loop was busy (0 to 1). */
  busy: number;
  rssBytes: number;
};
