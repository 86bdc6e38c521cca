import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { exchange } from './upstream-exchange';

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

/**
 * An upstream that drops a kept connection when a second request arrives on it, as one whose idle timeout
 * closed it while the request was on its way; it counts the requests it answered.
 */
async function upstreamDroppingKeptConnections() {
  const served = new WeakMap<Socket, number>();
  let answered = 0;
  server = createServer((request, response) => {
    const count = (served.get(request.socket) ?? 0) + 1;
    served.set(request.socket, count);
    if (count > 1) {
      request.socket.destroy();
      return;
    }
    answered += 1;
    response.setHeader('content-type', 'application/json').end(`{"n":${answered}}`);
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    pool: { baseUrl: new URL(`http://127.0.0.1:${port}`), maxAnswerBytes: 1024 },
    answered: () => answered,
  };
}

const post = () => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: new TextEncoder().encode('{}').buffer as ArrayBuffer,
  signal: AbortSignal.timeout(5_000),
});

describe('a kept connection the upstream closed', () => {
  it('carries no request: it is sent again on a new connection and answered once', async () => {
    const upstream = await upstreamDroppingKeptConnections();
    const url = new URL('/v1/orders', upstream.pool.baseUrl);
    expect((await exchange(upstream.pool, url, post())).status).toBe(200);
    const second = await exchange(upstream.pool, url, post());
    expect([second.status, second.body?.toString()]).toEqual([200, '{"n":2}']);
    expect(upstream.answered()).toBe(2);
  });

  it('a new connection reset is the upstream that cannot be reached, not sent again', async () => {
    let connections = 0;
    server = createServer((request) => {
      connections += 1;
      request.socket.destroy();
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const pool = { baseUrl: new URL(`http://127.0.0.1:${port}`), maxAnswerBytes: 1024 };
    await expect(exchange(pool, new URL('/v1/orders', pool.baseUrl), post())).rejects.toThrow();
    expect(connections).toBe(1);
  });
});
