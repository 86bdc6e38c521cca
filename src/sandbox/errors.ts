import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { Envelope, ErrorCode, ErrorItem } from '../contract/envelope';

/** The contract's error item; the sandbox's source may also name the query parameter or header at fault. */
type SandboxErrorItem = ErrorItem & { source: ProblemSource };

/** The codes a refused request's problems carry (others in the contract belong to the console's server). */
type ProblemCode = Extract<
  ErrorCode,
  | 'unauthorized'
  | 'organization_required'
  | 'unknown_organization'
  | 'validation_failed'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'host_not_allowed'
  | 'cross_site_request'
  | 'internal_error'
>;

/**
 * The codes the sandbox answers with: a problem's, or the last item's of an answer with too many problems to
 * list.
 */
export type SandboxErrorCode = ProblemCode | Extract<ErrorCode, 'too_many_problems'>;

const titles: Record<SandboxErrorCode, string> = {
  unauthorized: 'Unauthorized',
  organization_required: 'Organization required',
  unknown_organization: 'Unknown organization',
  validation_failed: 'Validation failed',
  not_found: 'Not found',
  conflict: 'Conflict',
  payload_too_large: 'Payload too large',
  unsupported_media_type: 'Unsupported media type',
  host_not_allowed: 'Host not allowed',
  cross_site_request: 'Cross-site request',
  internal_error: 'Internal error',
  too_many_problems: 'Too many problems',
};

/** too_many_problems has none of its own: it takes the status of the problems it stands for. */
export const statusOfCode: Record<ProblemCode, number> = {
  unauthorized: 401,
  organization_required: 401,
  unknown_organization: 401,
  validation_failed: 400,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  host_not_allowed: 403,
  cross_site_request: 403,
  internal_error: 500,
};

/**
 * An answer lists this many problems at most, then one too_many_problems item saying how many more
 * there were: a body with thousands of faults must not make an answer of megabytes.
 */
export const MAX_LISTED_PROBLEMS = 20;

/**
 * Where a problem lies: a JSON pointer into the body ("/" for the request as a whole), and the query
 * parameter or header when it is one.
 */
export type ProblemSource = { pointer: string; parameter?: string; header?: string };
export type Problem = { code: ProblemCode; detail: string; source: ProblemSource };

/** The HTTP status of an answer refusing these problems: they all share one, the first's. */
function statusOfProblems(problems: readonly Problem[]): number {
  return statusOfCode[problems[0]?.code ?? 'internal_error'];
}

/** A request refused with one or more problems; all share one HTTP status. */
export class ApiProblem extends Error {
  readonly status: number;
  constructor(readonly problems: Problem[]) {
    super(
      problems
        .slice(0, MAX_LISTED_PROBLEMS)
        .map((problem) => problem.detail)
        .join('; '),
    );
    this.status = statusOfProblems(problems);
  }
}

export function problem(
  code: ProblemCode,
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
  let pointer = '';
  for (const part of path) {
    const text = String(part);
    // Escaping only what needs it: a refusal may name tens of thousands of places.
    pointer += `/${text.includes('~') || text.includes('/') ? text.replaceAll('~', '~0').replaceAll('/', '~1') : text}`;
  }
  return pointer;
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

function errorItem(code: SandboxErrorCode, status: number, detail: string, source: ProblemSource) {
  return { id: randomUUID(), status: String(status), code, title: titles[code], detail, source };
}

/** The envelope of a refusal: the first MAX_LISTED_PROBLEMS problems, then how many more there were. */
export function errorEnvelope(problems: Problem[]): Envelope<Record<string, never>> {
  const status = statusOfProblems(problems);
  const errors: SandboxErrorItem[] = problems
    .slice(0, MAX_LISTED_PROBLEMS)
    .map((item) => errorItem(item.code, status, item.detail, item.source));
  const unlisted = problems.length - MAX_LISTED_PROBLEMS;
  if (unlisted > 0) {
    const more =
      unlisted === 1 ? '1 more problem is' : `${unlisted.toLocaleString('en-US')} more problems are`;
    errors.push(errorItem('too_many_problems', status, `${more} not listed`, { pointer: '/' }));
  }
  return { data: {}, id: randomUUID(), resource: [], errors };
}
