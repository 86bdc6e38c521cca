import type { Worker } from 'node:worker_threads';
import { startTypeScriptWorker } from '../../heavy-work/typescript-worker';
import type { ConsoleDatabase } from '../../store/sqlite/console-db';
import type { RecordFamily } from '../records/indexed-document';
import type { RecordStore } from '../store/record-store-port';
import type { ReadDelivery } from './read-delivery';
import type { IntakeAnswer } from './store-deliveries';

/** What the intake thread replies after a commit: each batch's answers, and the records it found uncertain. */
type ThreadReply = {
  replies: { id: number; answers: (IntakeAnswer | Error)[] }[];
  uncertain: [RecordFamily, string][];
};

/** A batch posted to the intake thread and not yet replied to. */
export type PendingBatch = {
  deliveries: ReadDelivery[];
  /** The journal file of deliveries answered before their commit; null for those answered after. */
  file: number | null;
  attempts: number;
  resolve: (answers: (IntakeAnswer | Error)[]) => void;
  reject: (error: Error) => void;
};

/**
 * The server's side of the intake thread (intake-thread.ts): starts it at the first batch sent, and hands
 * each batch to `committed` with the thread's answers, or to `lost` should the thread end before it
 * replied (the next batch starts a new one).
 */
export function connectIntakeThread({
  db,
  store,
  organization,
  finishCheckpointEveryMs,
  committed,
  lost,
}: {
  db: ConsoleDatabase;
  store: RecordStore;
  organization: string;
  finishCheckpointEveryMs: number;
  committed: (batch: PendingBatch, answers: (IntakeAnswer | Error)[]) => void;
  lost: (batch: PendingBatch, error: Error) => void;
}) {
  const pending = new Map<number, PendingBatch>();
  let nextId = 0;
  let thread: Worker | undefined;
  const whenIdle: (() => void)[] = [];
  /** Wakes stop() once no answered delivery waits for the thread (or no thread is left to commit it). */
  const settleIdle = () => {
    if (whenIdle.length === 0) return;
    if (thread && [...pending.values()].some(({ file }) => file !== null)) return;
    for (const resolve of whenIdle.splice(0)) resolve();
  };

  function send(batch: PendingBatch) {
    thread ??= start();
    const id = nextId++;
    pending.set(id, batch);
    thread.postMessage({ id, deliveries: batch.deliveries });
  }

  function start(): Worker {
    const started = startTypeScriptWorker(new URL('./intake-thread.ts', import.meta.url), {
      // The thread registers tsx itself; a CPU profile of the server (--cpu-prof) covers it too.
      execArgv: process.execArgv.filter((arg) => arg.startsWith('--cpu-prof')),
      workerData: {
        file: db.name,
        organization,
        // The server's connection leaves checkpoints to startWalCheckpoints (0) or to SQLite; so does this
        // one.
        autocheckpoint: db.pragma('wal_autocheckpoint', { simple: true }),
        finishEveryMs: finishCheckpointEveryMs,
      },
    });
    let ended = false;
    // Called on 'error' and again on 'exit': the second call must not take a new thread's deliveries.
    const failed = (error: Error) => {
      if (ended) return;
      ended = true;
      if (thread === started) thread = undefined;
      // A thread that died after a commit but before its reply: what it stored is followed now, not later.
      store.announceCommit();
      for (const [id, batch] of pending) {
        pending.delete(id);
        lost(batch, error);
      }
      settleIdle();
    };
    started.on('message', ({ replies, uncertain }: ThreadReply) => {
      // Committed by the thread before it replied: readable over this thread's connection now.
      store.announceCommit();
      for (const [family, reference] of uncertain) store.announceUncertain(family, reference);
      for (const { id, answers } of replies) {
        const batch = pending.get(id);
        pending.delete(id);
        if (batch) committed(batch, answers);
      }
      settleIdle();
    });
    started.on('error', failed);
    started.on('exit', (code) => failed(new Error(`the webhook intake thread ended with ${code}`)));
    started.unref();
    return started;
  }

  return {
    send,
    /** What stop() waits for before it closes the thread (see settleIdle). */
    idle: () =>
      new Promise<void>((resolve) => {
        whenIdle.push(resolve);
        settleIdle();
      }),
    /** Asks the thread to close its connection and waits for it to exit. */
    async close() {
      const running = thread;
      thread = undefined;
      if (running) {
        const exited = new Promise((resolve) => running.once('exit', resolve));
        running.postMessage('close');
        await exited;
      }
    },
  };
}
