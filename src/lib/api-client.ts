import type { z } from 'zod';
import { normalizeKeys } from '@/contract/common';
import { type ErrorItem, envelopeSchema, errorEnvelopeSchema } from '@/contract/envelope';
import { ApiError } from './api-error';

/** A parameter's value; a list is sent as the parameter repeated (`code=A&code=B`). */
export type QueryValue = string | number | undefined | null | readonly string[];

export type ApiRequest = {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
};

function buildUrl(path: string, query: ApiRequest['query']): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    for (const one of Array.isArray(value) ? value : [value]) {
      if (one !== undefined && one !== null && one !== '') params.append(name, String(one));
    }
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

function problem(status: number, code: string, title: string, detail?: string): ErrorItem {
  return { status: String(status), code, title, detail };
}

function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  return typeof value === 'number' ? String(value) : undefined;
}

/**
 * The error items of a failure answer. The operator documents only two failures, so an item shaped
 * otherwise than ours (no code, a numeric status) still yields its title, detail and pointer.
 */
function errorItems(payload: unknown, status: number): ErrorItem[] {
  const parsed = errorEnvelopeSchema.safeParse(payload);
  if (parsed.success) return parsed.data.errors;
  const items =
    payload !== null && typeof payload === 'object' ? (payload as { errors?: unknown }).errors : [];
  if (!Array.isArray(items)) return [];
  return items.flatMap((item: unknown): ErrorItem[] => {
    if (item === null || typeof item !== 'object') return [];
    const { id, code, title, detail, source } = item as Record<string, unknown>;
    const { pointer, parameter } = (source ?? {}) as Record<string, unknown>;
    return [
      {
        id: text(id),
        status: text((item as Record<string, unknown>).status) ?? String(status),
        code: text(code) ?? 'http_error',
        title: text(title) ?? `The server answered ${status}`,
        detail: text(detail),
        source: typeof pointer === 'string' ? { pointer, parameter: text(parameter) } : undefined,
      },
    ];
  });
}

// zod compiles a schema on its first parse: one envelope per data schema, not one per response.
const envelopes = new WeakMap<z.ZodType, z.ZodType>();
function envelopeOf(dataSchema: z.ZodType) {
  const known = envelopes.get(dataSchema);
  if (known) return known;
  const envelope = envelopeSchema(dataSchema);
  envelopes.set(dataSchema, envelope);
  return envelope;
}

/**
 * Calls `/api/<path>` on our own server, reads the envelope (member names in any case, as normalizeKeys
 * reads them) and returns its `data` checked by `dataSchema`; anything else (network failure, error
 * envelope, unreadable body) becomes an ApiError.
 */
export async function apiRequest<T extends z.ZodType>(
  path: string,
  dataSchema: T,
  { method = 'GET', query, body, signal }: ApiRequest = {},
): Promise<z.infer<T>> {
  let response: Response;
  try {
    response = await fetch(buildUrl(`/api${path}`, query), {
      method,
      signal,
      // A change says it is JSON even without a body: the server refuses any other change as cross-site.
      headers:
        method === 'GET'
          ? { accept: 'application/json' }
          : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, [
      problem(0, 'network_error', 'The server could not be reached', 'Check your connection and try again.'),
    ]);
  }

  let payload: unknown;
  try {
    // The operator prints some reads in PascalCase (`Shipments`, `TrackingDetail`).
    payload = normalizeKeys(await response.json());
  } catch {
    throw new ApiError(response.status, [
      problem(
        response.status,
        response.ok ? 'unexpected_response' : 'http_error',
        response.ok
          ? 'The server sent a response that is not JSON'
          : `The server answered ${response.status}`,
      ),
    ]);
  }

  if (!response.ok) {
    const errors = errorItems(payload, response.status);
    throw new ApiError(
      response.status,
      errors.length > 0
        ? errors
        : [problem(response.status, 'http_error', `The server answered ${response.status}`)],
    );
  }

  const parsed = envelopeOf(dataSchema).safeParse(payload);
  if (parsed.success) return (parsed.data as { data: z.infer<T> }).data;
  // A failure told in a success status (`data: null` beside its errors): its own words, not a shape complaint.
  const reported = errorItems(payload, response.status);
  if (reported.length > 0) throw new ApiError(response.status, reported);
  const where = parsed.error.issues[0]?.path.join('.') ?? '';
  throw new ApiError(response.status, [
    problem(
      response.status,
      'unexpected_response',
      'The warehouse service sent data in an unexpected shape',
      where ? `Unexpected value at ${where}.` : undefined,
    ),
  ]);
}

/** A file the server made (an export, a packet), with the name it gave it. */
export type DownloadedFile = { blob: Blob; name: string };

/**
 * Fetches a file from our own server (`href` under /api): the file and the name its Content-Disposition
 * gives, or an ApiError with the server's words for a refusal (busy, not allowed, not found).
 */
export async function fetchFile(href: string, signal?: AbortSignal): Promise<DownloadedFile> {
  let response: Response;
  try {
    response = await fetch(href, { signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, [
      problem(0, 'network_error', 'The server could not be reached', 'Check your connection and try again.'),
    ]);
  }
  if (!response.ok) {
    const errors = errorItems(normalizeKeys(await response.json().catch(() => null)), response.status);
    throw new ApiError(
      response.status,
      errors.length > 0
        ? errors
        : [problem(response.status, 'http_error', `The server answered ${response.status}`)],
    );
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  return { blob: await response.blob(), name: /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'download' };
}
