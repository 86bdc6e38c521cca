import { randomUUID } from 'node:crypto';
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { pipeline, type Readable, type Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip } from 'node:zlib';
import type { ErrorCode } from '../contract/envelope';
import { errorResponse } from './error-envelope';
import { ErrorListScanner } from './error-list-scanner';

/** Where requests go and how they authenticate. Only this module and the server's setup see the key. */
export type Upstream = {
  baseUrl: URL;
  apiKey: string;
  organization: string | null;
  timeoutMs: number;
  /** Answers larger than this are cut off and refused instead of held in memory. */
  maxAnswerBytes: number;
};

/**
 * At most this many connections to one upstream, kept open for reuse; further requests wait for one
 * (within the upstream timeout), so a flood of clients cannot use up the sockets of the upstream or of
 * this process.
 */
const maxUpstreamConnections = 64;
const agents = new WeakMap<Upstream, HttpAgent>();

function agentOf(upstream: Upstream): HttpAgent {
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

export type ProxyResult = { response: Response; logNote?: string };

type Refusal = { ok: false; response: Response };
export type ParsedTarget = { ok: true; segments: string[]; search: string } | Refusal;

function refuse(detail: string): Refusal {
  return {
    ok: false,
    response: errorResponse(400, 'invalid_path', 'The request path is not allowed', detail),
  };
}

/** C0 controls, DEL and C1 controls. */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}
const encodedSeparator = /%(2f|5c)/i;

/**
 * Splits the raw request target (`/api/warehouse/v1/products/42?x=1`, exactly as the client sent it)
 * below `prefix` into decoded path segments. Anything that could make the upstream path differ from
 * what it looks like is refused: absolute URLs, empty segments (`//`), `.` and `..` (also encoded),
 * encoded slashes and backslashes, backslashes, control characters and malformed escapes.
 */
export function parseProxyTarget(rawTarget: string, prefix: string): ParsedTarget {
  if (!rawTarget.startsWith('/'))
    return refuse('Absolute URLs are not accepted; send a path starting with /api/.');
  const queryStart = rawTarget.indexOf('?');
  const rawPath = queryStart === -1 ? rawTarget : rawTarget.slice(0, queryStart);
  const search = queryStart === -1 ? '' : rawTarget.slice(queryStart);
  if (!rawPath.startsWith(`${prefix}/`)) return refuse(`The path must start with ${prefix}/.`);
  if (rawPath.includes('\\')) return refuse('Backslashes are not allowed in the path.');
  if (hasControlCharacter(rawTarget)) return refuse('Control characters are not allowed in the request.');
  if (encodedSeparator.test(rawPath))
    return refuse('Encoded slashes (%2F, %5C) are not allowed in the path.');

  const segments: string[] = [];
  for (const rawSegment of rawPath.slice(prefix.length + 1).split('/')) {
    if (rawSegment === '') return refuse('Empty path segments (// or a trailing /) are not allowed.');
    let segment: string;
    try {
      segment = decodeURIComponent(rawSegment);
    } catch {
      return refuse(`The path segment "${rawSegment}" has a malformed percent escape.`);
    }
    if (segment === '.' || segment === '..') return refuse('The path segments "." and ".." are not allowed.');
    if (hasControlCharacter(segment)) return refuse('Control characters are not allowed in the path.');
    segments.push(segment);
  }
  return { ok: true, segments, search };
}

type Method = 'GET' | 'POST' | 'PATCH';
// `*` stands for exactly one segment (an id or a product code).
const interfaceOperations: [Method, string][] = [
  ['POST', 'products'],
  ['GET', 'products'],
  ['GET', 'products/*'],
  ['PATCH', 'products/*'],
  ['GET', 'products/actions/get-id/*'],
  ['POST', 'orders'],
  ['GET', 'orders'],
  ['PATCH', 'order/*'],
  ['PATCH', 'orders/*'],
  ['POST', 'receives'],
  ['GET', 'receives'],
];

/** True when `method` and the segments below `/warehouse/v1` name one of the interface's operations. */
export function isInterfaceOperation(method: string, segments: string[]): boolean {
  return interfaceOperations.some(([allowedMethod, pattern]) => {
    if (allowedMethod !== method) return false;
    const parts = pattern.split('/');
    return parts.length === segments.length && parts.every((part, i) => part === '*' || part === segments[i]);
  });
}

/** Only these client headers travel upstream; everything else (keys, cookies, authorization, hop-by-hop) stays. */
const forwardedRequestHeaders = ['content-type', 'accept'];

// Statuses whose response must not carry a body.
const nullBodyStatuses = new Set([101, 204, 205, 304]);

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** `value` as `digits` hex digits, letters in either case. */
function hexPattern(value: number, digits: number): string {
  return [...value.toString(16).padStart(digits, '0')]
    .map((digit) => (/[a-f]/.test(digit) ? `[${digit}${digit.toUpperCase()}]` : digit))
    .join('');
}

/** One character of the key as it is, JSON-escaped (`\"`, `\/`, `\u004b`) or percent-encoded (`%4B`). */
function characterForms(character: string): string {
  const forms = new Set([escapeRegExp(character), escapeRegExp(JSON.stringify(character).slice(1, -1))]);
  if (character === '/') forms.add('\\\\/');
  const units = Array.from({ length: character.length }, (_, index) => character.charCodeAt(index));
  forms.add(units.map((unit) => `\\\\u${hexPattern(unit, 4)}`).join(''));
  forms.add([...Buffer.from(character)].map((byte) => `%${hexPattern(byte, 2)}`).join(''));
  return `(?:${[...forms].join('|')})`;
}

/**
 * The key in base64 and base64url at each of the three positions it can take in a longer encoded text
 * (`Basic ` + base64 of `user:key`): only the characters that depend on the key's bits alone.
 */
function base64Forms(secret: string): string[] {
  const bytes = Buffer.from(secret);
  const forms = new Set<string>();
  for (let offset = 0; offset < 3; offset++) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes, Buffer.alloc(2)]).toString('base64');
    // Character i stands for bits 6i to 6i + 5; the key holds bits 8 * offset to 8 * (offset + length).
    const core = encoded.slice(Math.ceil((8 * offset) / 6), Math.floor((8 * (offset + bytes.length)) / 6));
    forms.add(core);
    forms.add(core.replaceAll('+', '-').replaceAll('/', '_'));
  }
  return [...forms];
}

const redactionPatterns = new Map<string, RegExp>();

/**
 * Every way an echo could carry the key: as it is, with any of its characters JSON-escaped or
 * percent-encoded (all, some, upper or lower case hex), or base64 / base64url-encoded.
 */
function redactionPattern(secret: string): RegExp {
  let pattern = redactionPatterns.get(secret);
  if (pattern === undefined) {
    const characters = [...secret].map(characterForms).join('');
    pattern = new RegExp([characters, ...base64Forms(secret).map(escapeRegExp)].join('|'), 'g');
    redactionPatterns.set(secret, pattern);
  }
  return pattern;
}

export function redact(text: string, secret: string): { text: string; redacted: boolean } {
  let redacted = false;
  const result = text.replace(redactionPattern(secret), () => {
    redacted = true;
    return '[redacted]';
  });
  return { text: result, redacted };
}

function errorCode(error: unknown): string {
  const { code } = error as { code?: unknown };
  return typeof code === 'string' ? code : error instanceof Error ? error.name : 'unknown';
}

const jsonContentType = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/** Problems passed on from one error answer (the sandbox caps its own lists at the same number). */
const shownProblems = 20;

function parseErrorEnvelope(text: string): { errors: unknown[] } | null {
  try {
    const envelope = JSON.parse(text) as { errors?: unknown; resource?: unknown } | null;
    return typeof envelope === 'object' &&
      envelope !== null &&
      Array.isArray(envelope.errors) &&
      Array.isArray(envelope.resource)
      ? (envelope as { errors: unknown[] })
      : null;
  } catch {
    return null;
  }
}

/**
 * The answer's text as it passes on, or null when it is not the interface's JSON envelope. Successes only
 * need a JSON content type, since parsing every list page here would add to each request's latency and
 * the browser checks their shape anyway. Failures are parsed and checked, and more than 20 problems
 * (`problemCount`, counted as they arrived; `text` may hold only the first ones) become the first 20 and
 * one `too_many_problems` counting the rest.
 */
function envelopeText(
  status: number,
  contentType: string | null,
  text: string,
  problemCount: number,
): string | null {
  if (contentType === null || !jsonContentType.test(contentType)) return null;
  if (status >= 200 && status < 300) return text;
  const envelope = parseErrorEnvelope(text);
  if (envelope === null) return null;
  const total = Math.max(problemCount, envelope.errors.length);
  if (total <= shownProblems) return text;
  const tooMany = {
    id: randomUUID(),
    status: String(status),
    code: 'too_many_problems' satisfies ErrorCode,
    title: 'Too many problems',
    detail: `${total - shownProblems} more problems are not listed; correct these and send again to see them.`,
  };
  return JSON.stringify({ ...envelope, errors: [...envelope.errors.slice(0, shownProblems), tooMany] });
}

type UpstreamAnswer = {
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

/** Sends one request over `upstream`'s pool of connections and reads the answer (see readAtMost). */
function exchange(
  upstream: Upstream,
  url: URL,
  init: { method: string; headers: Record<string, string>; body: ArrayBuffer | null; signal: AbortSignal },
): Promise<UpstreamAnswer> {
  return new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const outgoing = send(
      url,
      { method: init.method, headers: init.headers, agent: agentOf(upstream), signal: init.signal },
      (incoming) => {
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
    outgoing.on('error', reject);
    outgoing.end(init.body === null ? undefined : Buffer.from(init.body));
  });
}

function mebibytes(bytes: number): string {
  return `${Number((bytes / 1024 / 1024).toFixed(2))} MiB`;
}

function describeBody(contentType: string | null, text: string): string {
  if (text.trim() === '') return 'an empty body';
  const type = contentType?.split(';')[0]?.trim().slice(0, 100);
  return type ? `a body of type ${type}` : 'a body of no stated type';
}

/**
 * Sends the request to `upstream` at `/<first segment>/v1/<segments>` with the key added, waits at most
 * `timeoutMs` for the whole answer, and returns it with only its content type; an answer over
 * `maxAnswerBytes` becomes a 502 `upstream_too_large` as soon as that is known. At most 64 connections
 * to the upstream are open at a time; other requests wait for one within the timeout. The key is removed
 * from the body should the upstream ever echo it; an answer that is not the interface's envelope (an HTML
 * page from a load balancer) becomes a 502 `upstream_invalid_response` in the envelope.
 */
export async function forwardRequest(
  upstream: Upstream,
  request: { method: string; path: string; search: string; headers: Headers; body: ArrayBuffer | null },
): Promise<ProxyResult> {
  const headers: Record<string, string> = {};
  for (const name of forwardedRequestHeaders) {
    const value = request.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  headers['accept-encoding'] = Object.keys(decoders).join(', ');
  headers['x-api-key'] = upstream.apiKey;
  if (upstream.organization !== null) headers['organization-slug'] = upstream.organization;

  const base = `${upstream.baseUrl.origin}${upstream.baseUrl.pathname.replace(/\/+$/, '')}`;
  const host = upstream.baseUrl.host;
  const timeout = AbortSignal.timeout(upstream.timeoutMs);
  let answer: UpstreamAnswer;
  try {
    answer = await exchange(upstream, new URL(`${base}${request.path}${request.search}`), {
      method: request.method,
      headers,
      body: request.body,
      signal: timeout,
    });
  } catch (error) {
    if (timeout.aborted) {
      const seconds = upstream.timeoutMs / 1000;
      return {
        response: errorResponse(
          504,
          'upstream_timeout',
          'The warehouse service did not answer in time',
          `The warehouse service at ${host} did not answer within ${seconds} s. Try again; if it keeps happening, check the service or raise UPSTREAM_TIMEOUT_MS.`,
        ),
        logNote: `upstream_timeout after ${upstream.timeoutMs} ms`,
      };
    }
    return {
      response: errorResponse(
        502,
        'upstream_unreachable',
        'The warehouse service cannot be reached',
        `The warehouse service at ${host} cannot be reached. Check WAREHOUSE_BASE_URL and that the service is running.`,
      ),
      logNote: `upstream_unreachable ${errorCode(error)}`,
    };
  }

  const { status, contentType, body, problemCount } = answer;
  if (body === null) {
    return {
      response: errorResponse(
        502,
        'upstream_too_large',
        'The warehouse service sent an answer too large to pass on',
        `The warehouse service at ${host} answered ${status} with more than ${mebibytes(upstream.maxAnswerBytes)}, more than the console passes on. Ask for less (a smaller page or a narrower filter), or raise UPSTREAM_MAX_BYTES.`,
      ),
      logNote: `upstream_too_large ${status} over ${upstream.maxAnswerBytes} bytes`,
    };
  }
  const { text, redacted } = redact(body.toString('utf8'), upstream.apiKey);
  const hasBody = !nullBodyStatuses.has(status);
  const passed = hasBody ? envelopeText(status, contentType, text, problemCount) : null;
  if (hasBody && passed === null) {
    const described = describeBody(contentType, text);
    return {
      response: errorResponse(
        502,
        'upstream_invalid_response',
        'The warehouse service sent an answer the console cannot read',
        `The warehouse service at ${host} answered ${status} with ${described} instead of its JSON envelope, which usually means a load balancer or proxy in front of it answered for it (maintenance, overload or a wrong address). Try again in a few minutes; if it keeps happening, check WAREHOUSE_BASE_URL and the service's status.`,
      ),
      logNote: `upstream_invalid_response ${status} ${described}`,
    };
  }
  const responseHeaders = new Headers({ 'cache-control': 'no-store' });
  if (contentType !== null) responseHeaders.set('content-type', contentType);
  return {
    response: new Response(passed, {
      status,
      headers: responseHeaders,
    }),
    logNote: redacted ? 'upstream echoed the API key; removed from the response' : undefined,
  };
}
