// Runs in a worker thread (see startWalCheckpoints in console-db.ts): PASSIVE checkpoints over a connection
// of its own, one per message, answered with how long it took, the WAL's frames and how many of them are
// copied; a failure ends it. Plain JavaScript, so the thread needs no tsx: it answers its first pass in
// tens of milliseconds, not the half second registering tsx takes.
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const db = new Database(workerData.file, { fileMustExist: true });
// Copying the WAL can wait; answering requests and storing deliveries cannot: with more busy threads than
// cores, the scheduler serves those first. Only on Linux, where this sets the thread's own priority
// (elsewhere it would lower the whole process's).
if (process.platform === 'linux') setPriority(10);
parentPort.on('message', (message) => {
  if (message === 'close') {
    db.close();
    parentPort.close();
    return;
  }
  const started = performance.now();
  const [{ log, checkpointed }] = db.pragma('wal_checkpoint(PASSIVE)');
  parentPort.postMessage({ passMs: performance.now() - started, log, checkpointed });
});
