import { parentPort, workerData } from 'node:worker_threads';
import { openConsoleDatabase } from '../console-db';
import { createRecordStore } from './record-store';
import { takeDeliveries } from './webhook-intake';

/** The webhook intake's thread (see startWebhookIntake): takes each batch of delivery bodies in turn. */
const { file, organization, autocheckpoint } = workerData as {
  file: string;
  organization: string;
  autocheckpoint: number;
};
const db = openConsoleDatabase(file);
db.pragma(`wal_autocheckpoint = ${Number(autocheckpoint)}`);
const store = createRecordStore(db, { organization });

parentPort?.on('message', (message: 'close' | { id: number; texts: string[] }) => {
  if (message === 'close') {
    db.close();
    parentPort?.close();
    return;
  }
  parentPort?.postMessage({ id: message.id, answers: takeDeliveries(store, message.texts) });
});
