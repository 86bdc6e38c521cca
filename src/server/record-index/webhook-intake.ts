import { Worker } from 'node:worker_threads';
import type { ConsoleDatabase } from '../console-db';
import {
  type IndexedVersion,
  isUnreadable,
  type RecordKind,
  readWarehouseDocument,
  toIndexedVersion,
} from './indexed-document';
import type { RecordStore } from './record-store';
import type { ApplyOutcome } from './record-writes';

/** What became of one delivery once it is committed. */
export type IntakeAnswer =
  | { outcome: ApplyOutcome; kind: RecordKind; reference: string }
  | { outcome: 'rejected'; reason: string };

export type WebhookIntake = {
  /** Reads and stores one delivery's body; settles once what it did is committed. */
  take(text: string): Promise<IntakeAnswer>;
  /** Call once no delivery is waiting (the server is closed). */
  stop(): Promise<void>;
};

/** A delivery as read: the version to store, or why it cannot be read (kept with an excerpt). */
export type ReadDelivery =
  | { version: IndexedVersion; bytes: number }
  | { rejected: string; bytes: number; excerpt: string };

/** Parses and checks one delivery's body: the work that needs no database, done where there is room. */
export function readDelivery(text: string): ReadDelivery {
  const bytes = Buffer.byteLength(text);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { rejected: 'The body is not JSON', bytes, excerpt: text.slice(0, 2000) };
  }
  const document = readWarehouseDocument(body);
  if (isUnreadable(document)) return { rejected: document.reason, bytes, excerpt: text.slice(0, 2000) };
  return { version: toIndexedVersion(document), bytes };
}

/**
 * Stores deliveries that arrived together: the readable ones applied and logged in one commit
 * (store.receiveAll), the unreadable ones logged with their reason. Should the commit fail, each is tried
 * alone, so that one delivery's failure is not the others'. An Error stands for a delivery that could not
 * be stored: its sender hears so and delivers it again.
 */
export function storeDeliveries(
  store: RecordStore,
  deliveries: readonly ReadDelivery[],
): (IntakeAnswer | Error)[] {
  const answers: (IntakeAnswer | Error)[] = [];
  const readable: { index: number; document: IndexedVersion; bytes: number }[] = [];
  deliveries.forEach((delivery, index) => {
    if ('version' in delivery) {
      readable.push({ index, document: delivery.version, bytes: delivery.bytes });
      return;
    }
    const { rejected: reason, bytes, excerpt } = delivery;
    try {
      store.recordIntake({ outcome: 'rejected', reason, bytes, excerpt });
      answers[index] = { outcome: 'rejected', reason };
    } catch (error) {
      answers[index] = error as Error;
    }
  });
  const settle = (delivery: (typeof readable)[number], outcome: ApplyOutcome | undefined) => {
    const { kind, reference } = delivery.document;
    answers[delivery.index] = outcome
      ? { outcome, kind, reference }
      : new Error('the index answered no outcome for a delivery');
  };
  try {
    const outcomes = store.receiveAll(readable);
    readable.forEach((delivery, n) => {
      settle(delivery, outcomes[n]);
    });
  } catch (error) {
    if (readable.length === 1) answers[readable[0]?.index ?? 0] = error as Error;
    // Rolled back as a whole: each again, alone.
    else
      for (const delivery of readable) {
        try {
          settle(delivery, store.receiveAll([delivery])[0]);
        } catch (alone) {
          answers[delivery.index] = alone as Error;
        }
      }
  }
  return answers;
}

/** Reads each delivery as it comes, and hands those read in one turn of the event loop to `storeBatch` together. */
function perTurn(
  storeBatch: (deliveries: ReadDelivery[]) => Promise<(IntakeAnswer | Error)[]>,
): (text: string) => Promise<IntakeAnswer> {
  type Waiting = {
    delivery: ReadDelivery;
    resolve: (answer: IntakeAnswer) => void;
    reject: (error: Error) => void;
  };
  let waiting: Waiting[] = [];
  const flush = () => {
    const batch = waiting;
    waiting = [];
    storeBatch(batch.map(({ delivery }) => delivery)).then(
      (answers) => {
        batch.forEach(({ resolve, reject }, index) => {
          const answer = answers[index] ?? new Error('no answer for a delivery');
          if (answer instanceof Error) reject(answer);
          else resolve(answer);
        });
      },
      (error: Error) => {
        for (const { reject } of batch) reject(error);
      },
    );
  };
  return (text) =>
    new Promise((resolve, reject) => {
      const delivery = readDelivery(text);
      if (waiting.length === 0) setImmediate(flush);
      waiting.push({ delivery, resolve, reject });
    });
}

/** Deliveries read and stored on the server's own thread, over its own connection (an in-memory index). */
export function inThreadIntake(store: RecordStore): WebhookIntake {
  return {
    take: perTurn(async (deliveries) => {
      const answers = storeDeliveries(store, deliveries);
      store.writeTermsWhenDue();
      return answers;
    }),
    stop: async () => {},
  };
}

// The thread's module is TypeScript: the thread registers tsx first, whatever ran this one.
const bootstrap = `
const { workerData } = require('node:worker_threads');
import('tsx/esm/api').then(({ register }) => {
  register();
  return import(workerData.entry);
});
`;

/**
 * Webhook intake for an index in a file: the server's thread receives, reads and checks each delivery
 * and answers it; storing it (the statements and the commit, the larger part of its cost) happens in a
 * thread of its own over a connection of its own, so a burst of deliveries keeps both cores busy instead
 * of queueing behind one. Started at the first delivery; should the thread fail, the deliveries it held are
 * answered with an error (the operator sends them again) and the next delivery starts a new one.
 */
export function startWebhookIntake({
  db,
  store,
  organization,
  finishCheckpointEveryMs = 2_000,
}: {
  db: ConsoleDatabase;
  store: RecordStore;
  organization: string;
  /** How often the thread copies the rest of the WAL between its commits (see intake-thread.ts). */
  finishCheckpointEveryMs?: number;
}): WebhookIntake {
  if (db.memory) return inThreadIntake(store);
  type Pending = { resolve: (answers: (IntakeAnswer | Error)[]) => void; reject: (error: Error) => void };
  const pending = new Map<number, Pending>();
  let nextId = 0;
  let thread: Worker | undefined;

  function start(): Worker {
    const started = new Worker(bootstrap, {
      eval: true,
      // The thread registers tsx itself; a CPU profile of the server (--cpu-prof) covers it too.
      execArgv: process.execArgv.filter((arg) => arg.startsWith('--cpu-prof')),
      workerData: {
        entry: new URL('./intake-thread.ts', import.meta.url).href,
        file: db.name,
        organization,
        // The server's connection leaves checkpoints to startWalCheckpoints (0) or to SQLite; so does this
        // one.
        autocheckpoint: db.pragma('wal_autocheckpoint', { simple: true }),
        finishEveryMs: finishCheckpointEveryMs,
      },
    });
    const failed = (error: Error) => {
      if (thread === started) thread = undefined;
      // A thread that died after a commit but before its reply: what it stored is followed now, not later.
      store.announceCommit();
      for (const { reject } of pending.values()) reject(error);
      pending.clear();
    };
    started.on('message', (replies: { id: number; answers: (IntakeAnswer | Error)[] }[]) => {
      // Committed by the thread before it replied: readable over this thread's connection now.
      store.announceCommit();
      for (const { id, answers } of replies) {
        pending.get(id)?.resolve(answers);
        pending.delete(id);
      }
    });
    started.on('error', failed);
    started.on('exit', (code) => failed(new Error(`the webhook intake thread ended with ${code}`)));
    started.unref();
    return started;
  }

  return {
    take: perTurn(
      (deliveries) =>
        new Promise((resolve, reject) => {
          thread ??= start();
          const id = nextId++;
          pending.set(id, { resolve, reject });
          thread.postMessage({ id, deliveries });
        }),
    ),
    async stop() {
      const stopping = thread;
      thread = undefined;
      if (!stopping) return;
      const exited = new Promise((resolve) => stopping.once('exit', resolve));
      stopping.postMessage('close');
      await exited;
    },
  };
}
