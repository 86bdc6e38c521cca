import { randomUUID } from 'node:crypto';
import type { Envelope, ErrorCode } from '../../contract/envelope';

/** A failure in the interface's own envelope, so the browser reads our errors and the upstream's alike. */
export function errorEnvelope(
  status: number,
  code: ErrorCode,
  title: string,
  detail: string,
  pointer?: string,
  /** The query parameter at fault, when it is one. */
  parameter?: string,
): Envelope<object> {
  return {
    data: {},
    id: randomUUID().replaceAll('-', ''),
    resource: [],
    errors: [
      {
        id: randomUUID(),
        status: String(status),
        code,
        title,
        detail,
        ...(pointer ? { source: { pointer, ...(parameter ? { parameter } : {}) } } : {}),
      },
    ],
  };
}

export function errorResponse(
  status: number,
  code: ErrorCode,
  title: string,
  detail: string,
  {
    pointer,
    parameter,
    headers,
  }: { pointer?: string; parameter?: string; headers?: Record<string, string> } = {},
): Response {
  return Response.json(errorEnvelope(status, code, title, detail, pointer, parameter), {
    status,
    headers: { 'cache-control': 'no-store', ...headers },
  });
}
