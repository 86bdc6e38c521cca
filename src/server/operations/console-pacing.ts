import type { IncomingMessage } from 'node:http';
import { liveEventsRoute } from '../../contract/live-change';
import type { Pacing } from '../../http/request-pacing';
import { operationsPaths } from './operations-routes';

const unpacedPaths = new Set<string>([...Object.values(operationsPaths), `/api${liveEventsRoute.path}`]);

/**
 * The console's requests, a few begun a turn (request-pacing.ts); health, readiness and metrics never
 * wait, nor does the live stream, which is held open for as long as a page is. Under bench:hostile's mixed
 * load, 3 a turn kept a health check's longest wait at 64 ms and 8 at 82 ms, for 301 and 333 requests a
 * second.
 */
export const consolePacing: Pacing = {
  perTurn: 3,
  maxWaiting: 1_024,
  // Past 5 s in line an answer is worth less than a prompt "try again"; a browser pipelines nothing.
  maxWaitMs: 5_000,
  maxWaitingPerConnection: 4,
  exempt: (request: IncomingMessage) => unpacedPaths.has((request.url ?? '').split('?')[0] ?? ''),
};
