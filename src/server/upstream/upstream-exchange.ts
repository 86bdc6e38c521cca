import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { pipeline, type Readable, type Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip } from 'node:zlib';
import { ErrorListScanner } from './error-list-scanner';

/** What the exchange needs of an upstream; one pool of connections is kept for each. */
type UpstreamPool = { baseUrl: URL; maxAnswerBytes: number };

/**
 * At most this many connections to one upstream, kept open for reuse; further requests wait for one
 * (within the upstream timeout), so a flood of clients cannot use up the sockets of the upstream or of
 * this process.
 */
const maxUpstreamConnections = 64;
const agents = new WeakMap<UpstreamPool, HttpAgent>();

function agentOf(upstream: UpstreamPool): HttpAgent {
  let agent = agents.get(upstream);
  if (agent === undefined) {
    const Agent = upstream.baseUrl.protocol === 'https:' ? HttpsAgent : HttpAgent;
    agent = new Agent({
      keepAlive: true,
      maxSockets: maxUpstreamConnections,
      maxFreeSockets: maxUpstreamConnections,
    });
    agents.set(upstream, agent);
  }
  return agent;
}

/** Problems passed on from one error answer (the sandbox caps its own lists at the same number). */
export const shownProblems = 20;

export type UpstreamAnswer = {
  status: number;
  contentType: string | null;
  body: Buffer | null;
  /** How many problems an error answer listed; `body` keeps only the first 20 of them. */
  problemCount: number;
};

const decoders: Record<string, () => Transform> = {
  gzip: createGunzip,
  br: createBrotliDecompress,
};

/** The encodings the exchange can decode, for accept-encoding. */
export const acceptedEncodings = Object.keys(decoders).join(', ');

/**
 * The answer's body, decoded and read as it arrives; null, with the connection dropped, as soon as it is
 * announced or found to be larger than `maxBytes` (counted decoded, so a small compressed bomb is caught).
 */
async function readAtMost(
  incoming: IncomingMessage,
  maxBytes: number,
  onChunk: (chunk: Buffer) => void,
): Promise<Buffer | null> {
  if (Number(incoming.headers['content-length']) > maxBytes) {
    incoming.destroy();
    return null;
  }
  const decoder = decoders[incoming.headers['content-encoding'] ?? ''];
  // pipeline, unlike pipe, passes an aborted answer on to the decoder, so the loop below ends.
  const decoded: Readable = decoder ? pipeline(incoming, decoder(), () => {}) : incoming;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of decoded) {
    size += chunk.length;
    if (size > maxBytes) {
      incoming.destroy();
      return null;
    }
    chunks.push(chunk);
    onChunk(chunk);
  }
  return Buffer.concat(chunks, size);
}

type ExchangeInit = {
  method: string;
  headers: Record<string, string>;
  body: ArrayBuffer | null;
  signal: AbortSignal;
};

/**
 * Sends one request over `upstream`'s pool of connections and reads the answer (see readAtMost). A kept
 * connection the upstream closed just as the request left on it (its idle timeout, seen late by a busy
 * loop) never carried the request: it is sent once more on a new connection, as Node's documentation
 * advises, rather than reported as an upstream that cannot be reached.
 */
export async function exchange(
  upstream: UpstreamPool,
  url: URL,
  init: ExchangeInit,
): Promise<UpstreamAnswer> {
  try {
    return await exchangeOnce(upstream, url, init);
  } catch (error) {
    if (!(error instanceof StaleConnection)) throw error;
    return exchangeOnce(upstream, url, init);
  }
}

/** A reused connection reset before any answer: the upstream had closed it. */
class StaleConnection extends Error {}

function exchangeOnce(upstream: UpstreamPool, url: URL, init: ExchangeInit): Promise<UpstreamAnswer> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const outgoing = send(
      url,
      { method: init.method, headers: init.headers, agent: agentOf(upstream), signal: init.signal },
      (incoming) => {
        answered = true;
        const status = incoming.statusCode ?? 0;
        // Only error answers are parsed, so only theirs need their problems located as they arrive.
        const problems = status >= 200 && status < 300 ? null : new ErrorListScanner(shownProblems);
        readAtMost(incoming, upstream.maxAnswerBytes, (chunk) => problems?.scan(chunk)).then(
          (body) =>
            resolve({
              status,
              contentType: incoming.headers['content-type'] ?? null,
              body: body && problems ? problems.keptPart(body) : body,
              problemCount: problems?.count ?? 0,
            }),
          reject,
        );
      },
    );
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      const stale = outgoing.reusedSocket && !answered && ['ECONNRESET', 'EPIPE'].includes(error.code ?? '');
      reject(stale ? new StaleConnection(error.message) : error);
    });
    outgoing.end(init.body === null ? undefined : Buffer.from(init.body));
  });
}
