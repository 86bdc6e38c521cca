import { Worker } from 'node:worker_threads';
import type { ConsoleDatabase } from '../console-db';
import {
  type IndexedDocument,
  isUnreadable,
  type RecordKind,
  readWarehouseDocument,
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

function readDelivery(text: string): IndexedDocument | string {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return 'The body is not JSON';
  }
  const document = readWarehouseDocument(body);
  return isUnreadable(document) ? document.reason : document;
}

/**
 * Reads and stores deliveries that arrived together: the readable ones applied and logged in one
 * commit (store.receiveAll), the unreadable ones logged with their reason. Should the commit fail, each
 * is tried alone, so that one delivery's failure is not the others'. An Error stands for a delivery that
 * could not be stored: its sender hears so and delivers it again.
 */
export function takeDeliveries(store: RecordStore, texts: readonly string[]): (IntakeAnswer | Error)[] {
  const answers: (IntakeAnswer | Error)[] = [];
  const readable: { index: number; document: IndexedDocument; bytes: number }[] = [];
  texts.forEach((text, index) => {
    const bytes = Buffer.byteLength(text);
    const read = readDelivery(text);
    if (typeof read !== 'string') {
      readable.push({ index, document: read, bytes });
      return;
    }
    try {
      store.recordIntake({ outcome: 'rejected', reason: read, bytes, excerpt: text.slice(0, 2000) });
      answers[index] = { outcome: 'rejected', reason: read };
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

/** Gathers the deliveries read in one turn of the event loop and hands them to `takeBatch` together. */
function perTurn(
  takeBatch: (texts: string[]) => Promise<(IntakeAnswer | Error)[]>,
): (text: string) => Promise<IntakeAnswer> {
  type Waiting = { text: string; resolve: (answer: IntakeAnswer) => void; reject: (error: Error) => void };
  let waiting: Waiting[] = [];
  const flush = () => {
    const batch = waiting;
    waiting = [];
    takeBatch(batch.map(({ text }) => text)).then(
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
      if (waiting.length === 0) setImmediate(flush);
      waiting.push({ text, resolve, reject });
    });
}

/** Deliveries read and stored on the server's own thread, over its own connection (an in-memory index). */
export function inThreadIntake(store: RecordStore): WebhookIntake {
  return { take: perTurn(async (texts) => takeDeliveries(store, texts)), stop: async () => {} };
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
 * Webhook intake for an index in a file: reading, checking and storing each delivery (about two thirds
 * of its cost) happen in a thread of their own over a connection of its own, so the server's thread
 * only receives and answers, and a burst of deliveries keeps the second core busy instead of queueing
 * behind one. Started at the first delivery; should the thread fail, the deliveries it held are
 * answered with an error (the operator sends them again) and the next delivery starts a new one.
 */
export function startWebhookIntake({
  db,
  store,
  organization,
}: {
  db: ConsoleDatabase;
  store: RecordStore;
  organization: string;
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
      },
    });
    const failed = (error: Error) => {
      if (thread === started) thread = undefined;
      for (const { reject } of pending.values()) reject(error);
      pending.clear();
    };
    started.on('message', (replies: { id: number; answers: (IntakeAnswer | Error)[] }[]) => {
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
      (texts) =>
        new Promise((resolve, reject) => {
          thread ??= start();
          const id = nextId++;
          pending.set(id, { resolve, reject });
          thread.postMessage({ id, texts });
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
