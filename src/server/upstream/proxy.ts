import { randomUUID } from 'node:crypto';
import type { ErrorCode } from '../../contract/envelope';
import { errorResponse } from '../api/error-envelope';
import { statusClass, type UpstreamTiming } from '../operations/console-metrics';
import { redact } from '../operations/key-redaction';
import { acceptedEncodings, exchange, shownProblems, type UpstreamAnswer } from './upstream-exchange';
import type { WarehouseReachTracker } from './warehouse-reach';

/** Where requests go and how they authenticate. Only this module and the server's setup see the key. */
export type Upstream = {
  baseUrl: URL;
  apiKey: string;
  organization: string | null;
  timeoutMs: number;
  /** Answers larger than this are cut off and refused instead of held in memory. */
  maxAnswerBytes: number;
  /** Hears whether each call was answered, for the pages' "not answering" banner; tests may leave it out. */
  reach?: WarehouseReachTracker;
  /** Hears how long each call took and how it ended, for /metrics; tests may leave it out. */
  timing?: UpstreamTiming;
};

export type ProxyResult = { response: Response; logNote?: string };

/**
 * Only these client headers travel upstream; everything else (keys, cookies, authorization, hop-by-hop)
 * stays.
 */
const forwardedRequestHeaders = ['content-type', 'accept'];

// Statuses whose response must not carry a body.
const nullBodyStatuses = new Set([101, 204, 205, 304]);

function errorCode(error: unknown): string {
  const { code } = error as { code?: unknown };
  return typeof code === 'string' ? code : error instanceof Error ? error.name : 'unknown';
}

const jsonContentType = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

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
  request: {
    method: string;
    path: string;
    search: string;
    headers: Headers;
    body: ArrayBuffer | null;
    /** Whether the asker may read hints that name the console's settings (administrators). */
    readsSettings: boolean;
  },
): Promise<ProxyResult> {
  // Others get a plain sentence: the fix is an administrator's, who hears of it from the log and the banner.
  const hint = (forAdministrators: string) =>
    request.readsSettings ? forAdministrators : 'An administrator has been told.';
  const headers: Record<string, string> = {};
  for (const name of forwardedRequestHeaders) {
    const value = request.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  headers['accept-encoding'] = acceptedEncodings;
  headers['x-api-key'] = upstream.apiKey;
  if (upstream.organization !== null) headers['organization-slug'] = upstream.organization;

  const base = `${upstream.baseUrl.origin}${upstream.baseUrl.pathname.replace(/\/+$/, '')}`;
  const host = upstream.baseUrl.host;
  const timeout = AbortSignal.timeout(upstream.timeoutMs);
  const started = performance.now();
  const timed = (outcome: Parameters<UpstreamTiming>[1]) =>
    upstream.timing?.('forward', outcome, (performance.now() - started) / 1000);
  let answer: UpstreamAnswer;
  try {
    answer = await exchange(upstream, new URL(`${base}${request.path}${request.search}`), {
      method: request.method,
      headers,
      body: request.body,
      signal: timeout,
    });
  } catch (error) {
    timed(timeout.aborted ? 'timeout' : 'unreachable');
    upstream.reach?.failed(
      timeout.aborted
        ? `the warehouse service did not answer within ${upstream.timeoutMs / 1000} s`
        : 'the warehouse service cannot be reached',
    );
    if (timeout.aborted) {
      const seconds = upstream.timeoutMs / 1000;
      return {
        response: errorResponse(
          504,
          'upstream_timeout',
          'The warehouse service did not answer in time',
          `The warehouse service at ${host} did not answer within ${seconds} s. Try again. ${hint('If it keeps happening, check the service or raise UPSTREAM_TIMEOUT_MS.')}`,
        ),
        logNote: `upstream_timeout after ${upstream.timeoutMs} ms`,
      };
    }
    return {
      response: errorResponse(
        502,
        'upstream_unreachable',
        'The warehouse service cannot be reached',
        `The warehouse service at ${host} cannot be reached. ${hint('Check WAREHOUSE_BASE_URL and that the service is running.')}`,
      ),
      logNote: `upstream_unreachable ${errorCode(error)}`,
    };
  }

  const { status, contentType, body, problemCount } = answer;
  if (body === null) {
    timed('too_large');
    upstream.reach?.answered();
    return {
      response: errorResponse(
        502,
        'upstream_too_large',
        'The warehouse service sent an answer too large to pass on',
        `The warehouse service at ${host} answered ${status} with more than ${mebibytes(upstream.maxAnswerBytes)}, more than the console passes on. Ask for less (a smaller page or a narrower filter)${request.readsSettings ? ', or raise UPSTREAM_MAX_BYTES' : ''}.`,
      ),
      logNote: `upstream_too_large ${status} over ${upstream.maxAnswerBytes} bytes`,
    };
  }
  const { text, redacted } = redact(body.toString('utf8'), upstream.apiKey);
  const hasBody = !nullBodyStatuses.has(status);
  const passed = hasBody ? envelopeText(status, contentType, text, problemCount) : null;
  if (hasBody && passed === null) {
    timed('invalid');
    const described = describeBody(contentType, text);
    upstream.reach?.failed(
      `the warehouse service answered ${status} with ${described}, not its JSON envelope`,
    );
    return {
      response: errorResponse(
        502,
        'upstream_invalid_response',
        'The warehouse service sent an answer the console cannot read',
        `The warehouse service at ${host} answered ${status} with ${described} instead of its JSON envelope, which usually means a load balancer or proxy in front of it answered for it (maintenance, overload or a wrong address). Try again in a few minutes. ${hint("If it keeps happening, check WAREHOUSE_BASE_URL and the service's status.")}`,
      ),
      logNote: `upstream_invalid_response ${status} ${described}`,
    };
  }
  timed(statusClass(status));
  upstream.reach?.answered();
  const responseHeaders = new Headers({ 'cache-control': 'no-store' });
  // The console's own type, not the service's: what it names (a charset, a vendor type) is not what the
  // browser is given (text decoded as UTF-8, checked to be the JSON envelope).
  if (passed !== null) responseHeaders.set('content-type', 'application/json; charset=utf-8');
  return {
    response: new Response(passed, {
      status,
      headers: responseHeaders,
    }),
    logNote: redacted ? 'upstream echoed the API key; removed from the response' : undefined,
  };
}
