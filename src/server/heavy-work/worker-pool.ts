import { Piscina } from 'piscina';

// biome-ignore lint/suspicious/noExplicitAny: a task's input is whatever its function takes.
type TaskFunction = (input: any) => unknown;

/** A function of a TypeScript module that a pool's thread runs: `workerTask<typeof f>(import.meta.url, 'f')`. */
export type WorkerTask<F extends TaskFunction> = { entry: string; name: string; function?: F };

export function workerTask<F extends TaskFunction>(entry: string, name: string): WorkerTask<F> {
  return { entry, name };
}

/**
 * Threads that run tasks (functions of TypeScript modules, through pool-worker.mjs) off the thread that
 * answers requests. Idle threads stay a minute, so a burst does not pay for starting them again, and are
 * then let go; they run at a lower priority than the request thread (`nice`), so that a person waiting
 * for a page is served before a packet that takes seconds. Queueing is the callers' (heavy-queue.ts): a
 * task starts as soon as a thread is free.
 */
export function createWorkerPool({ threads }: { threads: number }) {
  const pool = new Piscina({
    filename: new URL('./pool-worker.mjs', import.meta.url).href,
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: 60_000,
    niceIncrement: 10,
  });
  return {
    run<F extends TaskFunction>(
      task: WorkerTask<F>,
      input: Parameters<F>[0],
    ): Promise<Awaited<ReturnType<F>>> {
      return pool.run({ entry: task.entry, name: task.name, input });
    },
    close: () => pool.close(),
  };
}
export type WorkerPool = ReturnType<typeof createWorkerPool>;

let shared: WorkerPool | undefined;

/**
 * The process's pool for heavy work, made on first use: its threads are the process's, as libuv's are,
 * so consoles (and tests) in one process share them, and an idle pool keeps no process alive.
 */
export function sharedWorkerPool(): WorkerPool {
  shared ??= createWorkerPool({ threads: 2 });
  return shared;
}
