/**
 * How hard pressed the console is, from its event loop's delay and its memory, as Fastify's under-pressure
 * reads them: `heavy` refuses new heavy work (packets, imports, exports, traces); `severe` refuses every
 * request but those people need to find their way: health, readiness, metrics, sign-in, the dashboard's
 * pages and settings, and reads of one record.
 */
export type LoadLevel = 'calm' | 'heavy' | 'severe';

/** What the monitor saw in its last sample. */
export type LoadReading = { level: LoadLevel; delayMs: number; rssBytes: number };
