import { rmSync } from 'node:fs';
import type { ConsoleDatabase } from '../../store/sqlite/console-db';
import type { RecordStore } from '../store/record-store-port';
import { claimJournal, journalFiles, openIntakeJournal, readJournalFile } from './intake-journal';
import { connectIntakeThread, type PendingBatch } from './intake-thread-client';
import { type ReadDelivery, readDeliveryOffThread } from './read-delivery';
import { type IntakeAnswer, storeDeliveries } from './store-deliveries';

export type WebhookIntake = {
  /**
   * Reads and stores one delivery's body; settles once it is committed or journaled. A delivery with a
   * `refusal` is logged with it as the reason and stored nowhere else.
   */
  take(text: string, refusal?: string): Promise<IntakeAnswer>;
  /** Call once no delivery is waiting (the server is closed). */
  stop(): Promise<void>;
};

/** The most deliveries committed together; more wait for the next commit. */
const maxBatch = 500;

/**
 * Reads each delivery as it comes, and hands those read in one turn of the event loop to `storeBatch`
 * together. With `oneAtATime`, a batch waits for the one before to settle, and everything read meanwhile
 * joins it: the busier the intake, the more deliveries share a commit.
 */
function perTurn(
  storeBatch: (deliveries: ReadDelivery[]) => Promise<(IntakeAnswer | Error)[]>,
  { oneAtATime = false }: { oneAtATime?: boolean } = {},
): WebhookIntake['take'] {
  type Waiting = {
    delivery: ReadDelivery;
    resolve: (answer: IntakeAnswer) => void;
    reject: (error: Error) => void;
  };
  const waiting: Waiting[] = [];
  let storing = false;
  const flush = () => {
    const batch = waiting.splice(0, maxBatch);
    if (batch.length === 0) return;
    storing = oneAtATime;
    storeBatch(batch.map(({ delivery }) => delivery))
      .then(
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
      )
      .finally(() => {
        storing = false;
        if (oneAtATime) flush();
      });
    if (!oneAtATime && waiting.length > 0) setImmediate(flush);
  };
  const join = (delivery: ReadDelivery) =>
    new Promise<IntakeAnswer>((resolve, reject) => {
      if (waiting.length === 0 && !storing) setImmediate(flush);
      waiting.push({ delivery, resolve, reject });
    });
  return (text, refusal) => {
    if (refusal !== undefined)
      return join({ rejected: refusal, bytes: Buffer.byteLength(text), excerpt: text.slice(0, 2000) });
    // A large body is read on a worker thread and joins the batch of the turn it comes back in.
    const read = readDeliveryOffThread(text);
    return read instanceof Promise ? read.then(join) : join(read);
  };
}

/** Deliveries read and stored on the server's own thread, over its own connection (an in-memory index). */
export function inThreadIntake(store: RecordStore): WebhookIntake {
  return {
    take: perTurn((deliveries) => storeDeliveries(store, deliveries)),
    stop: async () => {},
  };
}

/**
 * Deliveries stored in a database server (a team's PostgreSQL), each answered once committed: one commit
 * at a time, and the deliveries that arrive while it runs share the next. A commit waits on the server's
 * disk and on the other consoles' commits (the change log takes its positions in commit order), so its
 * cost is shared by every delivery in it rather than paid by each.
 */
export function groupCommitIntake(store: RecordStore): WebhookIntake {
  const take = perTurn((deliveries) => storeDeliveries(store, deliveries), { oneAtATime: true });
  // Every delivery taken and not yet answered, whichever batch it waits in: stop waits for all of them.
  const unanswered = new Set<Promise<unknown>>();
  return {
    take(text, refusal) {
      const answer = take(text, refusal);
      const settled = answer.then(
        () => {},
        () => {},
      );
      unanswered.add(settled);
      void settled.then(() => unanswered.delete(settled));
      return answer;
    },
    async stop() {
      await Promise.all(unanswered);
    },
  };
}

/**
 * Stores journal files a console left (in pages of 500) and deletes each once all of it is committed.
 * What the index holds already is a duplicate (counted again as one). A file that cannot be read or with
 * a delivery that could not be stored is kept for the next start.
 */
async function storeJournalFiles(store: RecordStore, paths: readonly string[]): Promise<void> {
  for (const path of paths) {
    try {
      const deliveries = readJournalFile(path);
      let failed = false;
      for (let start = 0; start < deliveries.length; start += 500) {
        const answers = await storeDeliveries(store, deliveries.slice(start, start + 500));
        failed ||= answers.some((answer) => answer instanceof Error);
      }
      if (!failed) rmSync(path, { force: true });
    } catch {}
  }
}

const sizeOf = (deliveries: readonly ReadDelivery[]) =>
  deliveries.reduce((sum, delivery) => sum + delivery.bytes, 0);

function acceptedAnswer(delivery: ReadDelivery): IntakeAnswer {
  return 'version' in delivery
    ? { outcome: 'accepted', kind: delivery.version.kind, reference: delivery.version.reference }
    : { outcome: 'rejected', reason: delivery.rejected };
}

/**
 * A delivery the thread could not store after it was answered is tried again this much later, this many
 * times; then it is left to the journal for the next start.
 */
const retryAnsweredMs = 1_000;
const answeredAttempts = 5;

/**
 * Webhook intake for an index in a file: the server's thread receives, reads and checks each delivery
 * and answers it; storing it (the statements and the commit, the larger part of its cost) happens in a
 * thread of its own over a connection of its own, so a burst of deliveries keeps both cores busy instead
 * of queueing behind one. Started at the first delivery; should the thread fail, the deliveries it held
 * are answered with an error (the operator sends them again) or, if answered already, sent to a new one
 * a second later.
 *
 * A delivery is answered `accepted` once it is written to the journal (intake-journal.ts), before the
 * thread commits it: the operator's next delivery then waits for neither the commit nor the deliveries
 * committed with it (what that gained: docs/performance.md). Up to `maxUnapplied` deliveries and `maxUnappliedBytes` may wait so;
 * past either, a delivery is answered once committed, with what became of it, and the operator's pace is
 * the index's. Settles once what a console left in the journal is stored.
 */
export async function startWebhookIntake({
  db,
  store,
  organization,
  finishCheckpointEveryMs = 2_000,
  maxUnapplied = 2_000,
  maxUnappliedBytes = 64 * 1024 * 1024,
}: {
  db: ConsoleDatabase;
  store: RecordStore;
  organization: string;
  /** How often the thread copies the rest of the WAL between its commits (see intake-thread.ts). */
  finishCheckpointEveryMs?: number;
  maxUnapplied?: number;
  maxUnappliedBytes?: number;
}): Promise<WebhookIntake> {
  if (db.memory) return inThreadIntake(store);
  const claim = claimJournal(db.name);
  // What a console answered and did not commit before it stopped.
  await storeJournalFiles(
    store,
    journalFiles(db.name).map(({ path }) => path),
  );
  const journal = openIntakeJournal(db.name);
  const unapplied = { count: 0, bytes: 0 };
  let stopping = false;
  const thread = connectIntakeThread({
    db,
    store,
    organization,
    finishCheckpointEveryMs,
    committed,
    lost: (entry, error) => {
      if (entry.file === null) entry.reject(error);
      else retryLater(entry, entry.deliveries);
    },
  });

  /**
   * Answered deliveries the thread did not store: a new try a second later, unless the console stops or
   * they failed too often; then they wait in the journal for the next start, and no longer take room.
   */
  function retryLater(entry: PendingBatch, deliveries: ReadDelivery[]) {
    const { file, attempts } = entry;
    if (file === null) return;
    if (attempts >= answeredAttempts) {
      unapplied.count -= deliveries.length;
      unapplied.bytes -= sizeOf(deliveries);
      return;
    }
    setTimeout(() => {
      if (!stopping)
        thread.send({ deliveries, file, attempts: attempts + 1, resolve: () => {}, reject: () => {} });
    }, retryAnsweredMs).unref();
  }

  function committed(entry: PendingBatch, answers: (IntakeAnswer | Error)[]) {
    if (entry.file === null) {
      entry.resolve(answers);
      return;
    }
    const failed = entry.deliveries.filter((_, index) => !answers[index] || answers[index] instanceof Error);
    const stored = entry.deliveries.length - failed.length;
    journal.settle(entry.file, stored);
    unapplied.count -= stored;
    unapplied.bytes -= sizeOf(entry.deliveries) - sizeOf(failed);
    if (failed.length > 0) retryLater(entry, failed);
  }

  return {
    take: perTurn(
      (deliveries) =>
        new Promise((resolve, reject) => {
          const bytes = sizeOf(deliveries);
          const roomy =
            unapplied.count + deliveries.length <= maxUnapplied &&
            unapplied.bytes + bytes <= maxUnappliedBytes;
          const file = roomy ? journal.append(deliveries) : null;
          thread.send({ deliveries, file, attempts: 1, resolve, reject });
          if (file === null) return;
          unapplied.count += deliveries.length;
          unapplied.bytes += bytes;
          resolve(deliveries.map(acceptedAnswer));
        }),
    ),
    async stop() {
      stopping = true;
      // Deliveries answered and not yet committed: committed first (or, should the thread fail or a try
      // wait for its second, left to the journal for the next start).
      await thread.idle();
      journal.close();
      await thread.close();
      claim.release();
    },
  };
}
