import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { errorEnvelopeText } from './http-server';

export type Pacing = {
  /** Requests begun in one turn of the event loop; the rest wait for the next turns, in arrival order. */
  perTurn: number;
  /** Requests waiting at most; past it the newcomer is answered 503 with Retry-After. */
  maxWaiting: number;
  /** Requests of one connection waiting at most (pipelined ones): one client cannot fill the line. */
  maxWaitingPerConnection: number;
  /** Requests that never wait: what a load balancer or a monitor asks, and long-held streams. */
  exempt: (request: IncomingMessage) => boolean;
};

/**
 * Node takes one new connection a turn of its event loop, and a turn lasts as long as the work of every
 * request that arrived during the last one. Under a flood, turns of a second or more left new connections
 * (and a health check) in the kernel's queue for seconds. Begun a few a turn, requests keep each turn
 * short: a health check, a new connection or an answer ready to go waits one short turn, and a flood waits
 * its turn in line instead of holding up everyone.
 */
export function paceRequests(
  listener: RequestListener,
  { perTurn, maxWaiting, maxWaitingPerConnection, exempt }: Pacing,
) {
  const waiting: { request: IncomingMessage; response: ServerResponse }[] = [];
  const waitingOf = new WeakMap<Socket, number>();
  let scheduled = false;

  const beginSome = () => {
    scheduled = false;
    let begun = 0;
    while (begun < perTurn && waiting.length > 0) {
      const { request, response } = waiting.shift() as (typeof waiting)[number];
      const { socket } = request;
      waitingOf.set(socket, (waitingOf.get(socket) ?? 1) - 1);
      // A client that gave up while waiting, or a request already answered (a body that never came
      // answered 408 by the server), costs nothing more.
      if (socket.destroyed || !socket.writable || response.writableEnded) continue;
      begun += 1;
      listener(request, response);
    }
    if (waiting.length > 0) schedule();
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(beginSome);
  };

  return (request: IncomingMessage, response: ServerResponse) => {
    if (exempt(request)) {
      listener(request, response);
      return;
    }
    const { socket } = request;
    if (waiting.length >= maxWaiting || (waitingOf.get(socket) ?? 0) >= maxWaitingPerConnection) {
      answerBusy(response);
      return;
    }
    waitingOf.set(socket, (waitingOf.get(socket) ?? 0) + 1);
    waiting.push({ request, response });
    schedule();
  };
}

function answerBusy(response: ServerResponse) {
  const body = errorEnvelopeText(
    503,
    'server_busy',
    'The console is busy',
    'Too many requests are waiting. Try again in 1 s.',
  );
  response.writeHead(503, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    'retry-after': '1',
  });
  response.end(body);
}
