// Where every worker thread of the server starts: registers tsx, then runs the TypeScript module that
// `workerData.entry` names (see startTypeScriptWorker). Plain JavaScript because Node 20 neither runs a .ts
// file as a worker's entry nor applies `--import tsx` from a worker's execArgv to the worker's own modules.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
