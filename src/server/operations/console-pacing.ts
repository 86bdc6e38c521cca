import type { IncomingMessage } from 'node:http';
import { liveEventsRoute } from '../../contract/live-change';
import type { Pacing } from '../../http/request-pacing';
import { operationsPaths } from './operations-routes';

const unpacedPaths = new Set<string>([...Object.values(operationsPaths), `/api${liveEventsRoute.path}`]);

/**
 * The console's requests, a few begun a turn (request-pacing.ts); health, readiness and metrics never
 * wait, nor does the live stream, which is held open for as long as a page is. Under bench:hostile's mixed
 * load (2026-12-08, load 1-5), 3 a turn kept a health check's longest wait at 64-109 ms for 301-307
 * requests a second, 2 at 77 ms for 298, 8 at 82 ms for 333. Refusing newcomers while the first in line
 * had waited over 5 s turned half of that load away (its clients came straight back): the line is bounded
 * by its length alone.
 */
export const consolePacing: Pacing = {
  perTurn: 3,
  maxWaiting: 1_024,
  // A browser pipelines nothing: more than a few waiting on one connection is a client filling the line.
  maxWaitingPerConnection: 4,
  exempt: (request: IncomingMessage) => unpacedPaths.has((request.url ?? '').split('?')[0] ?? ''),
};
