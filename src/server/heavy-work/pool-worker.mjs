// Where a thread of a worker pool (worker-pool.ts) starts: registers tsx, then runs each task Piscina hands
// it as the named function of the TypeScript module the task names (loaded once per thread). Plain
// JavaScript for the reason worker-bootstrap.mjs gives.
import { register } from 'tsx/esm/api';

register();

export default async ({ entry, name, input }) => (await import(entry))[name](input);
