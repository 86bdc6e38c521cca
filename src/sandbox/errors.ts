import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { Envelope, ErrorCode, ErrorItem } from '../contract/envelope';

/** The contract's error item; the sandbox's source may also name the query parameter or header at fault. */
type SandboxErrorItem = ErrorItem & { source: ProblemSource };

/** The codes the sandbox answers with (others in the contract belong to the console's server). */
export type SandboxErrorCode = Extract<
  ErrorCode,
  | 'unauthorized'
  | 'organization_required'
  | 'unknown_organization'
  | 'validation_failed'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'internal_error'
>;

const titles: Record<SandboxErrorCode, string> = {
  unauthorized: 'Unauthorized',
  organization_required: 'Organization required',
  unknown_organization: 'Unknown organization',
  validation_failed: 'Validation failed',
  not_found: 'Not found',
  conflict: 'Conflict',
  payload_too_large: 'Payload too large',
  unsupported_media_type: 'Unsupported media type',
  internal_error: 'Internal error',
};

export const statusOfCode: Record<SandboxErrorCode, number> = {
  unauthorized: 401,
  organization_required: 401,
  unknown_organization: 401,
  validation_failed: 400,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  internal_error: 500,
};

/** Where a problem lies: a JSON pointer into the body ("/" for the request as a whole), and the query parameter or header when it is one. */
export type ProblemSource = { pointer: string; parameter?: string; header?: string };
export type Problem = { code: SandboxErrorCode; detail: string; source: ProblemSource };

/** A request refused with one or more problems; all share one HTTP status. */
export class ApiProblem extends Error {
  readonly status: number;
  constructor(readonly problems: Problem[]) {
    super(problems.map((problem) => problem.detail).join('; '));
    this.status = statusOfCode[problems[0]?.code ?? 'internal_error'];
  }
}

export function problem(
  code: SandboxErrorCode,
  detail: string,
  source: ProblemSource = { pointer: '/' },
): ApiProblem {
  return new ApiProblem([{ code, detail, source }]);
}

export function validationFailed(problems: { pointer: string; detail: string }[]): ApiProblem {
  return new ApiProblem(
    problems.map(({ pointer, detail }) => ({ code: 'validation_failed', detail, source: { pointer } })),
  );
}

/** RFC 6901 pointer from a path of members and indexes. */
export function toPointer(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '/';
  return `/${path.map((part) => String(part).replaceAll('~', '~0').replaceAll('/', '~1')).join('/')}`;
}

export function zodProblems(issues: readonly z.core.$ZodIssue[]): { pointer: string; detail: string }[] {
  return issues.map((issue) => ({
    pointer: toPointer(issue.path),
    detail:
      issue.code === 'invalid_type' && issue.message.endsWith('received undefined')
        ? `${String(issue.path.at(-1) ?? 'The body')} is required`
        : issue.message,
  }));
}

export function envelope<T>(data: T): Envelope<T> {
  return { data, id: randomUUID(), resource: [], errors: [] };
}

export function errorEnvelope(problems: Problem[]): Envelope<Record<string, never>> {
  const errors: SandboxErrorItem[] = problems.map((item) => ({
    id: randomUUID(),
    status: String(statusOfCode[item.code]),
    code: item.code,
    title: titles[item.code],
    detail: item.detail,
    source: item.source,
  }));
  return { data: {}, id: randomUUID(), resource: [], errors };
}
