import { interfaceOperations, type Operation } from '../../contract/operations';
import { errorResponse } from '../api/error-envelope';

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

const interfacePrefix = '/warehouse/v1/';

/** An operation's paths as patterns below `/warehouse/v1`, `*` standing for exactly one segment. */
function allowedPatterns({ method, path, aliases = [] }: Operation) {
  return [path, ...aliases].map((template) => ({
    method,
    pattern: (template.startsWith(interfacePrefix)
      ? template.slice(interfacePrefix.length)
      : template
    ).replace(/:\w+/g, '*'),
  }));
}

/**
 * The security boundary: only the interface's operations in the contract reach the operator with the
 * key (a path outside `/warehouse/v1` could never match: its pattern keeps the leading slash).
 */
export const interfaceAllowList = Object.values<Operation>(interfaceOperations).flatMap(allowedPatterns);

/** True when `method` and the segments below `/warehouse/v1` name one of the interface's operations. */
export function isInterfaceOperation(method: string, segments: string[]): boolean {
  return interfaceAllowList.some((allowed) => {
    if (allowed.method !== method) return false;
    const parts = allowed.pattern.split('/');
    return parts.length === segments.length && parts.every((part, i) => part === '*' || part === segments[i]);
  });
}
