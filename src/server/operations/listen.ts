import { getRequestListener, RequestError } from '@hono/node-server';
import {
  type ConnectionLimits,
  createHttpServer,
  defaultConnectionLimits,
  startListening,
} from '../../http/http-server';
import { paceRequests } from '../../http/request-pacing';
import { errorResponse } from '../api/error-envelope';
import { consolePacing } from './console-pacing';

export type RunningServer = { url: string; port: number; close(): Promise<void> };

/**
 * Serves `fetch` over HTTP on `host:port` (0 picks a free port) with the sandbox's connection limits, a
 * few requests begun a turn (console-pacing.ts).
 * Requests Node cannot even turn into a URL (a backslash in the path, a bad Host header) get the
 * envelope too, not a bare 400.
 */
export async function listen(
  fetch: Parameters<typeof getRequestListener>[0],
  {
    port,
    host,
    log,
    limits = defaultConnectionLimits,
  }: { port: number; host: string; log: (line: string) => void; limits?: ConnectionLimits },
): Promise<RunningServer> {
  const listener = getRequestListener(fetch, {
    errorHandler: (error) => {
      if (!(error instanceof RequestError)) throw error;
      log(`refused a malformed request: ${error.message}`);
      return errorResponse(400, 'invalid_path', 'The request path is not allowed', error.message);
    },
  });
  const server = createHttpServer(paceRequests(listener, consolePacing), limits);
  const address = await startListening(server, port, host);
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shownHost}:${address.port}`,
    port: address.port,
    close: () =>
      new Promise<void>((done, fail) => {
        server.close((error) => (error ? fail(error) : done()));
        server.closeAllConnections();
      }),
  };
}
