import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener, RequestError } from '@hono/node-server';
import { errorResponse } from './error-envelope';

export type RunningServer = { url: string; port: number; close(): Promise<void> };

/**
 * Serves `fetch` over HTTP on `host:port` (0 picks a free port). Requests Node cannot even turn into a
 * URL (a backslash in the path, a bad Host header) get the envelope too, not a bare 400.
 */
export function listen(
  fetch: Parameters<typeof getRequestListener>[0],
  { port, host, log }: { port: number; host: string; log: (line: string) => void },
): Promise<RunningServer> {
  const listener = getRequestListener(fetch, {
    errorHandler: (error) => {
      if (!(error instanceof RequestError)) throw error;
      log(`refused a malformed request: ${error.message}`);
      return errorResponse(400, 'invalid_path', 'The request path is not allowed', error.message);
    },
  });
  const server = createServer(listener);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address() as AddressInfo;
      const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      resolve({
        url: `http://${shownHost}:${address.port}`,
        port: address.port,
        close: () =>
          new Promise<void>((done, fail) => {
            server.close((error) => (error ? fail(error) : done()));
            server.closeAllConnections();
          }),
      });
    });
  });
}
