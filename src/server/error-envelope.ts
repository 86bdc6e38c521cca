import { randomUUID } from 'node:crypto';
import type { Envelope, ErrorCode } from '../contract/envelope';

/** A failure in the interface's own envelope, so the browser reads our errors and the upstream's alike. */
export function errorEnvelope(
  status: number,
  code: ErrorCode,
  title: string,
  detail: string,
): Envelope<object> {
  return {
    data: {},
    id: randomUUID().replaceAll('-', ''),
    resource: [],
    errors: [{ id: randomUUID(), status: String(status), code, title, detail }],
  };
}

export function errorResponse(
  status: number,
  code: ErrorCode,
  title: string,
  detail: string,
  headers: Record<string, string> = {},
): Response {
  return Response.json(errorEnvelope(status, code, title, detail), {
    status,
    headers: { 'cache-control': 'no-store', ...headers },
  });
}
