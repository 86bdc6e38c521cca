/**
 * What bench:hostile's phases share: one request with a timeout whose failure comes back as an outcome,
 * and the bookkeeping of what the console answered (the largest answer, 5xx, requests left unanswered).
 */
import { type Agent, request } from 'node:http';

export type Outcome = {
  status: number;
  bytes: number;
  body: string;
  code?: string;
  failure?: string;
  /** The Retry-After header's seconds, when the answer had one. */
  retryAfter?: number;
};

export const record = {
  largestAnswer: { bytes: 0, where: '' },
  serverErrors: new Map<string, number>(),
  /** 503 with Retry-After: work the console shed or queued out, as it should under load. */
  busy: new Map<string, number>(),
  noAnswers: new Map<string, number>(),
};

/** The console refusing work it has no room for: 503 that says when to try again. Not a failure. */
export const isBusy = (outcome: Outcome) => outcome.status === 503 && outcome.retryAfter !== undefined;

export function count(map: Map<string, number>, key: string) {
  map.set(key, (map.get(key) ?? 0) + 1);
}

export function note(phase: string, outcome: Outcome) {
  if (outcome.bytes > record.largestAnswer.bytes)
    record.largestAnswer = { bytes: outcome.bytes, where: phase };
  if (isBusy(outcome)) count(record.busy, phase);
  else if (outcome.status >= 500)
    count(record.serverErrors, `${phase}: ${outcome.status} ${outcome.code ?? ''}`.trim());
  if (outcome.failure) count(record.noAnswers, `${phase}: ${outcome.failure}`);
}

export function errorCodeOf(body: string): string | undefined {
  try {
    return JSON.parse(body).errors?.[0]?.code;
  } catch {
    return undefined;
  }
}

export function describeFailure(error: Error & { code?: string }): string {
  return error.name === 'TimeoutError' || error.name === 'AbortError'
    ? 'no answer in time'
    : (error.code ?? error.name);
}

export type SendOptions = {
  body?: string | Buffer;
  timeoutMs?: number;
  /** Instead of the console's own Origin and a JSON content type, which writes carry by default. */
  headers?: Record<string, string>;
  /** Another loopback address to send from (127.0.0.2), for a client the console counts apart. */
  localAddress?: string;
};

/** One request through `agent`, never longer than `timeoutMs`; failures come back as an outcome. */
export function send(
  server: { port: number },
  agent: Agent,
  method: string,
  path: string,
  { body, timeoutMs = 30_000, headers, localAddress }: SendOptions = {},
): Promise<Outcome> {
  const writes = method !== 'GET' && method !== 'HEAD';
  const defaultHeaders: Record<string, string> = writes
    ? { origin: `http://127.0.0.1:${server.port}`, 'content-type': 'application/json' }
    : {};
  return new Promise((resolve) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port: server.port,
        method,
        path,
        headers: headers ?? defaultHeaders,
        agent,
        localAddress,
        signal: AbortSignal.timeout(timeoutMs),
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const status = incoming.statusCode ?? 0;
          const retryAfter = Number(incoming.headers['retry-after']);
          resolve({
            status,
            bytes: Buffer.byteLength(text),
            body: text,
            code: status >= 400 ? errorCodeOf(text) : undefined,
            ...(Number.isInteger(retryAfter) && retryAfter > 0 ? { retryAfter } : {}),
          });
        });
        incoming.on('error', (error) =>
          resolve({ status: 0, bytes: 0, body: '', failure: describeFailure(error) }),
        );
      },
    );
    outgoing.on('error', (error) =>
      resolve({ status: 0, bytes: 0, body: '', failure: describeFailure(error) }),
    );
    outgoing.end(body);
  });
}

/** "3× 200, 1× 429 rate_limited": the answers by status and error code, failures by their reason. */
export function statusSummary(outcomes: Outcome[]): string {
  const statuses = new Map<string, number>();
  for (const outcome of outcomes)
    count(statuses, outcome.failure ?? `${outcome.status}${outcome.code ? ` ${outcome.code}` : ''}`);
  return [...statuses].map(([status, times]) => `${times}× ${status}`).join(', ');
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}
