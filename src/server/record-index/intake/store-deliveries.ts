import type { IndexedVersion, RecordKind } from '../records/indexed-document';
import type { ApplyOutcome } from '../records/version-decision';
import type { RecordStore } from '../store/record-store-port';
import type { ReadDelivery } from './read-delivery';

/**
 * What became of one delivery once it is committed, or `accepted`: written to the journal, to be
 * committed a moment later.
 */
export type IntakeAnswer =
  | { outcome: ApplyOutcome | 'accepted'; kind: RecordKind; reference: string }
  | { outcome: 'rejected'; reason: string };

/**
 * Stores deliveries that arrived together: the readable ones applied and logged in one commit
 * (store.receiveAll), the unreadable ones logged with their reason. Should the commit fail, each is tried
 * alone, so that one delivery's failure is not the others'. An Error stands for a delivery that could not
 * be stored: its sender hears so and delivers it again.
 */
export async function storeDeliveries(
  store: Pick<RecordStore, 'receiveAll' | 'recordIntake'>,
  deliveries: readonly ReadDelivery[],
): Promise<(IntakeAnswer | Error)[]> {
  const answers: (IntakeAnswer | Error)[] = [];
  const readable: { index: number; document: IndexedVersion; bytes: number }[] = [];
  for (const [index, delivery] of deliveries.entries()) {
    if ('version' in delivery) {
      readable.push({ index, document: delivery.version, bytes: delivery.bytes });
      continue;
    }
    const { rejected: reason, bytes, excerpt } = delivery;
    try {
      await store.recordIntake({ outcome: 'rejected', reason, bytes, excerpt });
      answers[index] = { outcome: 'rejected', reason };
    } catch (error) {
      answers[index] = error as Error;
    }
  }
  const settle = (delivery: (typeof readable)[number], outcome: ApplyOutcome | undefined) => {
    const { kind, reference } = delivery.document;
    answers[delivery.index] = outcome
      ? { outcome, kind, reference }
      : new Error('the index answered no outcome for a delivery');
  };
  try {
    const outcomes = await store.receiveAll(readable);
    readable.forEach((delivery, n) => {
      settle(delivery, outcomes[n]);
    });
  } catch (error) {
    if (readable.length === 1) answers[readable[0]?.index ?? 0] = error as Error;
    // Rolled back as a whole: each again, alone.
    else
      for (const delivery of readable) {
        try {
          settle(delivery, (await store.receiveAll([delivery]))[0]);
        } catch (alone) {
          answers[delivery.index] = alone as Error;
        }
      }
  }
  return answers;
}
