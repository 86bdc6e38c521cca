import type { Context } from 'hono';
import { normalizeKeys } from '../contract/common';
import { problem } from './errors';

export const MAX_BODY_BYTES = 1024 * 1024;

function isJsonContentType(value: string | undefined): boolean {
  if (!value) return false;
  const mediaType = value.split(';')[0]?.trim().toLowerCase() ?? '';
  return mediaType === 'application/json' || /^application\/[a-z0-9.!#$&^_-]+\+json$/.test(mediaType);
}

async function readLimited(c: Context): Promise<Uint8Array> {
  const declaredLength = c.req.header('content-length');
  if (declaredLength !== undefined) {
    if (Number(declaredLength) > MAX_BODY_BYTES) throw tooLarge();
    // The declared length bounds the read (Node refuses a body longer than it), and arrayBuffer() on
    // @hono/node-server reads the socket directly instead of building a web stream.
    const bytes = new Uint8Array(await c.req.raw.arrayBuffer());
    if (bytes.byteLength > MAX_BODY_BYTES) throw tooLarge();
    return bytes;
  }
  const stream = c.req.raw.body;
  if (!stream) return new Uint8Array();
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > MAX_BODY_BYTES) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

function unsupportedMediaType() {
  return problem('unsupported_media_type', 'Send the body as JSON with Content-Type: application/json', {
    pointer: '/',
    header: 'content-type',
  });
}

function tooLarge() {
  return problem('payload_too_large', `The body is larger than ${MAX_BODY_BYTES} bytes (1 MiB)`);
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Reads a JSON object body: 415 when the Content-Type is not JSON, 413 over 1 MiB, 400 (pointer "/")
 * when it is not a well-formed UTF-8 JSON object. PascalCase members are read as camelCase. When the
 * body is optional, an empty body (of any Content-Type) reads as {}.
 */
export async function readJsonBody(c: Context, options: { optional?: boolean } = {}): Promise<unknown> {
  const isJson = isJsonContentType(c.req.header('content-type'));
  if (!isJson && !options.optional) throw unsupportedMediaType();
  const bytes = await readLimited(c);
  if (bytes.byteLength === 0 && options.optional) return {};
  if (!isJson) throw unsupportedMediaType();
  let parsed: unknown;
  try {
    parsed = JSON.parse(utf8.decode(bytes));
  } catch {
    throw problem('validation_failed', 'The body is not well-formed JSON');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw problem('validation_failed', 'The body must be a JSON object');
  }
  if (nestedDeeperThan(parsed, MAX_DEPTH)) {
    throw problem('validation_failed', `The body is nested more than ${MAX_DEPTH} levels deep`);
  }
  return normalizeKeys(parsed);
}

/** Far beyond any document of the interface, and well within the call stack of the readers that recurse. */
const MAX_DEPTH = 32;

function nestedDeeperThan(value: unknown, depth: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (depth === 0) return true;
  const members = Array.isArray(value) ? value : Object.values(value);
  return members.some((member) => nestedDeeperThan(member, depth - 1));
}
