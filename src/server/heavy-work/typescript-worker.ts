import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * A worker thread running the TypeScript module `entry`, whatever runs this one (tsx, `npm start`,
 * vitest): it starts in worker-bootstrap.mjs, which registers tsx first. The module reads `workerData`
 * as given here, with `entry` added.
 */
export function startTypeScriptWorker(
  entry: URL,
  { workerData, ...options }: Omit<WorkerOptions, 'eval'> & { workerData?: Record<string, unknown> } = {},
): Worker {
  return new Worker(new URL('./worker-bootstrap.mjs', import.meta.url), {
    ...options,
    workerData: { ...workerData, entry: entry.href },
  });
}
