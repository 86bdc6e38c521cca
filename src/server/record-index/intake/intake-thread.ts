import { parentPort, workerData } from 'node:worker_threads';
import { checkpointWal, openConsoleDatabase } from '../../store/sqlite/console-db';
import type { RecordFamily } from '../records/indexed-document';
import { createRecordStore } from '../store/record-store';
import type { ReadDelivery } from './read-delivery';
import { storeDeliveries } from './store-deliveries';

/** The webhook intake's thread (see startWebhookIntake): takes each batch of delivery bodies in turn. */
const { file, organization, autocheckpoint, finishEveryMs } = workerData as {
  file: string;
  organization: string;
  autocheckpoint: number;
  finishEveryMs: number;
};
const db = openConsoleDatabase(file);
db.pragma(`wal_autocheckpoint = ${Number(autocheckpoint)}`);
const store = createRecordStore(db, { organization });
/** Records this thread found uncertain since its last reply: the server's thread reads them back. */
let uncertain: [RecordFamily, string][] = [];
store.onUncertain((family, reference) => uncertain.push([family, reference]));

type Batch = { id: number; deliveries: ReadDelivery[] };
let waiting: Batch[] = [];
/** Whether batches are being stored: those that come meanwhile wait for the next commit. */
let storing = false;

/**
 * Batches that queued up while the last commit ran are stored in one commit and answered in one message:
 * under load a commit and a reply are shared by many deliveries rather than paid by each batch. One
 * commit at a time, in the order the batches came.
 */
async function takeWaiting() {
  storing = true;
  const batches = waiting;
  waiting = [];
  const answers = await storeDeliveries(
    store,
    batches.flatMap(({ deliveries }) => deliveries),
  );
  let start = 0;
  const replies = batches.map(({ id, deliveries }) => {
    const reply = { id, answers: answers.slice(start, start + deliveries.length) };
    start += deliveries.length;
    return reply;
  });
  parentPort?.postMessage({ replies, uncertain });
  uncertain = [];
  finishCheckpoint();
  storing = false;
  if (waiting.length > 0) setImmediate(takeWaiting);
}

let finishedAtMs = Date.now();
/**
 * The checkpoint thread's passes copy the WAL while this thread commits, so under a stream of deliveries
 * a pass never copies all of it, the WAL never starts over, and every commit grows the file (each new
 * frame a fresh block for the file system to zero). Between two commits of this, the only writer then, a
 * pass copies what the others left, a short stall, and the next commit starts the WAL over.
 */
function finishCheckpoint() {
  if (autocheckpoint > 0 || Date.now() - finishedAtMs < finishEveryMs) return;
  // Else again after the next commit.
  if (checkpointWal(db)) finishedAtMs = Date.now();
}

parentPort?.on('message', (message: 'close' | Batch) => {
  if (message === 'close') {
    db.close();
    parentPort?.close();
    return;
  }
  if (waiting.length === 0 && !storing) setImmediate(takeWaiting);
  waiting.push(message);
});
