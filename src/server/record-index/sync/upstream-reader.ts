import { deadline } from '../../../domain/deadline';
import { statusClass, type UpstreamOutcome } from '../../operations/console-metrics';
import type { Upstream } from '../../upstream/proxy';

export class UpstreamReadError extends Error {}

/**
 * GETs `path` from the warehouse service with the key, for the index's own reads (the sync): the JSON
 * answer's `data` (at most UPSTREAM_MAX_BYTES), or an UpstreamReadError saying what went wrong in words for
 * the status page. `upstream.reach` hears whether the service answered with its JSON (a refusal included,
 * as when the console forwards one) or not at all.
 */
export async function readUpstream(
  upstream: Upstream,
  path: string,
  query: Record<string, string | undefined>,
): Promise<unknown> {
  const url = new URL(`${upstream.baseUrl.href.replace(/\/+$/, '')}${path}`);
  for (const [name, value] of Object.entries(query))
    if (value !== undefined) url.searchParams.set(name, value);
  const headers: Record<string, string> = { accept: 'application/json', 'x-api-key': upstream.apiKey };
  if (upstream.organization !== null) headers['organization-slug'] = upstream.organization;
  const readDeadline = deadline(upstream.timeoutMs);
  const started = performance.now();
  let outcome: UpstreamOutcome = 'unreachable';
  let answered = false;
  try {
    const response = await fetch(url, { headers, signal: readDeadline.signal, redirect: 'manual' });
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (declared > upstream.maxAnswerBytes) {
      outcome = 'too_large';
      await response.body?.cancel();
      throw new UpstreamReadError(
        `the warehouse service answered ${declared} bytes, more than a listing page can be`,
      );
    }
    const text = await response.text();
    if (text.length > upstream.maxAnswerBytes) {
      outcome = 'too_large';
      throw new UpstreamReadError('the warehouse service answered more than a listing page can be');
    }
    const body = jsonObject(text);
    // Only the interface's envelope is the service's answer; a gateway's JSON in front of it is not.
    answered = body !== null && (Array.isArray(body.errors) || 'data' in body);
    outcome = answered ? statusClass(response.status) : 'invalid';
    if (answered) upstream.reach?.answered();
    return readData(response.status, body, path);
  } catch (error) {
    if ((error as Error).name === 'TimeoutError') outcome = 'timeout';
    const failure =
      error instanceof UpstreamReadError
        ? error
        : new UpstreamReadError(
            (error as Error).name === 'TimeoutError'
              ? `the warehouse service did not answer within ${upstream.timeoutMs / 1000} s`
              : 'the warehouse service cannot be reached',
          );
    if (!answered) upstream.reach?.failed(failure.message);
    throw failure;
  } finally {
    readDeadline.clear();
    upstream.timing?.('read', outcome, (performance.now() - started) / 1000);
  }
}

function jsonObject(text: string): { data?: unknown; errors?: unknown } | null {
  try {
    const body: unknown = JSON.parse(text);
    return typeof body === 'object' ? (body as { data?: unknown; errors?: unknown } | null) : null;
  } catch {
    return null;
  }
}

function readData(status: number, body: { data?: unknown } | null, path: string): unknown {
  if (status < 200 || status > 299 || body === null) {
    throw new UpstreamReadError(`the warehouse service answered ${status} to ${path}`);
  }
  return body.data;
}
