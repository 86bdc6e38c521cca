import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  createServer,
  type IncomingMessage,
  maxHeaderSize,
  type RequestListener,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Envelope, ErrorCode } from '../contract/envelope';
import { enforceConnectionCaps } from './connection-roster';

/**
 * What one client connection may cost. Node's defaults let a connection that never sends a request live
 * 60 to 90 s (a 60 s header timeout checked every 30 s): 21,000 such connections starved real requests.
 */
export type ConnectionLimits = {
  /** How long a connection may sit idle after an answer before it is closed. */
  keepAliveTimeoutMs: number;
  /** How long a request's headers may take to arrive; also how long a new connection may stay silent. */
  headersTimeoutMs: number;
  /** How long a whole request, body included, may take to arrive. */
  requestTimeoutMs: number;
  /** How often the two timeouts above are checked. */
  timeoutCheckIntervalMs: number;
  /**
   * Connections beyond this are not kept, so a flood cannot use up the process's file descriptors: the
   * longest idle one makes room, or the new one is closed at once (enforceConnectionCaps).
   */
  maxConnections: number;
  /** The same, per client address, so one client cannot take them all. */
  maxConnectionsPerClient: number;
};

/**
 * The soft limit on the files the process may open (Linux's /proc/self/limits; Node raises it to the hard
 * limit as it starts), or null where it cannot be read or has none.
 */
export function openFilesLimit(limitsText: string | null): number | null {
  const match = /^Max open files\s+(\d+)/m.exec(limitsText ?? '');
  return match ? Number(match[1]) : null;
}

function readProcessLimits(): string | null {
  try {
    return readFileSync('/proc/self/limits', 'utf8');
  } catch {
    return null;
  }
}

/**
 * At most 8,192 connections, and no more than three quarters of the files the process may open: the
 * rest stay for the databases, their journals and the connections to the warehouse, which would fail
 * with the process out of descriptors (a limit of 1,024 is common, and took 8,192 before).
 */
export function maxConnectionsWithin(openFiles: number | null): number {
  return openFiles === null ? 8_192 : Math.min(8_192, Math.floor(openFiles * 0.75));
}

const maxConnections = maxConnectionsWithin(openFilesLimit(readProcessLimits()));

export const defaultConnectionLimits: ConnectionLimits = {
  keepAliveTimeoutMs: 5_000,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  timeoutCheckIntervalMs: 1_000,
  maxConnections,
  // Half: every other client still finds the other half. Behind a reverse proxy every request comes from
  // its address, so this stays generous.
  maxConnectionsPerClient: Math.floor(maxConnections / 2),
};

/** How long a closing connection stays half-closed so the client can read the answer before it goes. */
const lingerMs = 1_000;

/**
 * Lets a connection whose answer is out (its socket ended) linger: the rest of the request's body, if
 * any, is read and dropped rather than left unread, since closing over unread bytes makes the kernel
 * reset the connection, and the reset can wipe the answer from the client's buffers before it reads it
 * (RFC 9112, 9.6). The socket goes after the linger, or earlier when the client closes it.
 */
function lingerBeforeClosing(socket: Socket, request: IncomingMessage | undefined) {
  if (request && !request.complete) {
    // Whoever read the body (the app's stream) has stopped: drop the rest.
    request.removeAllListeners('data');
    request.resume();
  }
  const linger = setTimeout(() => socket.destroy(), lingerMs);
  linger.unref();
  socket.once('close', () => clearTimeout(linger));
}

type Refusal = { status: number; reason: string; code: ErrorCode; detail: string };

function refusalFor(errorCode: string | undefined): Refusal {
  switch (errorCode) {
    case 'HPE_HEADER_OVERFLOW':
      return {
        status: 431,
        reason: 'Request Header Fields Too Large',
        code: 'validation_failed',
        detail: `The request headers are larger than the ${maxHeaderSize / 1024} KiB the server accepts`,
      };
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return {
        status: 413,
        reason: 'Payload Too Large',
        code: 'payload_too_large',
        detail: 'The chunk extensions of the request body are too large',
      };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return {
        status: 408,
        reason: 'Request Timeout',
        code: 'request_timeout',
        detail: 'The request did not arrive in time; send it again',
      };
    default:
      return {
        status: 400,
        reason: 'Bad Request',
        code: 'validation_failed',
        detail: 'The request is not well-formed HTTP',
      };
  }
}

/** The interface's error envelope as text, for answers written below the app (no Response to build). */
export function errorEnvelopeText(status: number, code: ErrorCode, title: string, detail: string): string {
  const envelope: Envelope<Record<string, never>> = {
    data: {},
    id: randomUUID(),
    resource: [],
    errors: [{ id: randomUUID(), status: String(status), code, title, detail, source: { pointer: '/' } }],
  };
  return JSON.stringify(envelope);
}

const answered = new WeakSet<Socket>();

/**
 * Requests Node's HTTP parser refuses (malformed request line, headers over its limit, a request that
 * arrives too slowly) never reach the app; they too get the interface's error envelope instead of
 * Node's bare status line, and the connection is closed.
 */
function answerMalformedRequest(error: Error & { code?: string }, socket: Socket) {
  // The parser may report the same connection again (more bytes, the next timeout check): answer once.
  if (answered.has(socket)) return;
  const inFlight = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
  // Nobody to answer, or an answer already under way that a second status line would corrupt.
  if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  // A connection that timed out without sending a byte is an idle one: it gets no answer.
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT' && socket.bytesRead === 0) {
    socket.destroy();
    return;
  }
  answered.add(socket);
  const { status, reason, code, detail } = refusalFor(error.code);
  const body = errorEnvelopeText(status, code, reason, detail);
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\ncache-control: no-store\r\nconnection: close\r\n\r\n${body}`,
  );
  // end() only half-closes: a client that never closes its side must not keep the socket.
  lingerBeforeClosing(socket, inFlight?.req);
}

/** An answer given before its request's body has all arrived (a 413) that closes the connection. */
function lingerAfterEarlyAnswer(request: IncomingMessage, response: ServerResponse) {
  response.once('finish', () => {
    const { socket } = request;
    // Node has just ended the socket (the answer said `connection: close`) and arranged to destroy it
    // as soon as the answer is written; with the whole request read, that is harmless.
    if (request.complete || !socket.writableEnded) return;
    socket.removeListener('finish', socket.destroy);
    lingerBeforeClosing(socket, request);
  });
}

/**
 * The HTTP server the sandbox and the console both listen with: idle and slow connections are closed
 * quickly (slow-loris headers or bodies included), connections are capped in all and per client address
 * (idle ones making room for new ones), requests the parser refuses are answered in the envelope, and an
 * early answer that closes the connection reaches the client.
 */
export function createHttpServer(listener: RequestListener, limits = defaultConnectionLimits): Server {
  const server = createServer(
    {
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: limits.timeoutCheckIntervalMs,
    },
    listener,
  );
  enforceConnectionCaps(server, limits);
  server.on('clientError', answerMalformedRequest);
  server.on('request', lingerAfterEarlyAnswer);
  return server;
}

/** Listens on `host:port` (0 picks a free port) and resolves with the address once it does. */
export function startListening(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server.address() as AddressInfo);
    });
  });
}
