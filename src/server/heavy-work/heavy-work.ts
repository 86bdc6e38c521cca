import type { Context } from 'hono';
import { errorResponse } from '../api/error-envelope';
import type { ServerEnv } from '../server-env';
import { Busy, type BusyReason, createHeavyQueue, type HeavyLimits } from './heavy-queue';
import type { LoadLevel } from './load-reading';
import { sharedWorkerPool, type WorkerPool } from './worker-pool';

/**
 * The kinds of heavy work, each with a line of its own: claim packets (PDF and CSV), product import dry
 * runs, exports of lists and recall lists, traces. A person has one of a kind running at a time; the
 * rest of theirs wait behind it, within bounds.
 */
export const heavyLimits = {
  packet: { running: 2, waiting: 8, waitingPerPerson: 2 },
  // One at a time for everyone: a dry run of 10,000 rows holds a worker thread and its 12 MiB body.
  import: { running: 1, waiting: 4, waitingPerPerson: 1 },
  export: { running: 2, waiting: 8, waitingPerPerson: 2 },
  trace: { running: 2, waiting: 16, waitingPerPerson: 4 },
  // Searches rank their candidates on the request thread (the index may be in this process's memory): two
  // at a time, each after a turn of the event loop, so a burst of them never holds the others' requests.
  search: { running: 2, waiting: 64, waitingPerPerson: 16 },
} satisfies Record<string, HeavyLimits>;
export type HeavyKind = keyof typeof heavyLimits;

const reasons: Record<BusyReason, string> = {
  full: 'Many people are asking for this kind of work right now.',
  yours: 'Your earlier requests of this kind are still being worked on.',
  shed: 'The console is under heavy load and takes no new heavy work for a moment.',
};

/** 503 in the envelope, saying when to try again, in words and in Retry-After. */
export function busyAnswer(busy: Busy): Response {
  const seconds = busy.retryAfterSeconds;
  return errorResponse(
    503,
    'server_busy',
    'The console is busy',
    `${reasons[busy.reason]} Try again in ${seconds} s.`,
    { headers: { 'retry-after': String(seconds) } },
  );
}

/** Aborts once the client has gone (its connection closed before the answer was sent). */
export function clientGone(c: Context<ServerEnv>): AbortSignal | undefined {
  const outgoing = c.env?.outgoing;
  if (!outgoing) return undefined;
  const gone = new AbortController();
  outgoing.once('close', () => {
    if (!outgoing.writableFinished) gone.abort(new Error('the client went away'));
  });
  return gone.signal;
}

/**
 * The console's heavy work: a line per kind in front of a pool of worker threads. `answer` runs
 * `work` in the line of `kind` for the person asking, and answers 503 when the line has no room (or the
 * console sheds heavy work: `level`).
 */
export function createHeavyWork({
  pool = sharedWorkerPool(),
  level = () => 'calm',
}: {
  pool?: WorkerPool;
  /** How pressed the console is (load-shedding.ts): heavy work is shed first, searches only when severe. */
  level?: () => LoadLevel;
} = {}) {
  const queue = createHeavyQueue(heavyLimits, {
    shedding: (kind) => (kind === 'search' ? level() === 'severe' : level() !== 'calm'),
  });
  return {
    pool,
    queue,
    async answer(c: Context<ServerEnv>, kind: HeavyKind, work: () => Promise<Response>): Promise<Response> {
      const signal = clientGone(c);
      try {
        return await queue.run(kind, c.get('person').name, work, { signal });
      } catch (error) {
        if (error instanceof Busy) return busyAnswer(error);
        // Nobody reads the answer: the log says the client closed the request (nginx's 499).
        if (signal?.aborted) return new Response(null, { status: 499 });
        throw error;
      }
    },
    /**
     * `work` on the request thread in the line of `kind`, after a turn of the event loop, so that what
     * waited meanwhile is answered first; throws Busy (503 through the app's error handler) past the line.
     */
    turn<T>(c: Context<ServerEnv>, kind: HeavyKind, work: () => Promise<T>): Promise<T> {
      return queue.run(
        kind,
        c.get('person').name,
        async () => {
          await new Promise((resolve) => setImmediate(resolve));
          return work();
        },
        { signal: clientGone(c) },
      );
    },
    /**
     * A place in the line of `kind` for work that outlasts its route's answer (an export's stream), or the
     * 503 to answer instead; `release` gives the place back (twice is once).
     */
    async holdPlace(c: Context<ServerEnv>, kind: HeavyKind): Promise<{ release: () => void } | Response> {
      const signal = clientGone(c);
      try {
        return { release: await queue.hold(kind, c.get('person').name, { signal }) };
      } catch (error) {
        if (error instanceof Busy) return busyAnswer(error);
        if (signal?.aborted) return new Response(null, { status: 499 });
        throw error;
      }
    },
  };
}
export type HeavyWork = ReturnType<typeof createHeavyWork>;
