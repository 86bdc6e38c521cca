import type { Hono } from 'hono';
import { errorEnvelopeSchema } from '../../contract/envelope';
import type { ServerEnv } from '../server-env';

/** Where the console's own page is, for in-process requests. */
export const pageHost = '127.0.0.1:3000';
export const pageOrigin = `http://${pageHost}`;

/**
 * Requests to `app` as the console's own page sends them: over its host, and changes with its Origin and
 * a JSON type; `headers` override, `body` is sent as JSON.
 */
export function pageRequests(app: Hono<ServerEnv>) {
  return (path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) => {
    const method = init.method ?? 'GET';
    const changes = method !== 'GET';
    return app.request(path, {
      method,
      headers: {
        host: pageHost,
        ...(changes ? { origin: pageOrigin, 'content-type': 'application/json' } : {}),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  };
}

/** The first error item of an error envelope. */
export async function problemOf(response: Response) {
  const envelope = errorEnvelopeSchema.parse(await response.json());
  return envelope.errors[0];
}
