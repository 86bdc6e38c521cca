import type { Context } from 'hono';
import { camelCaseName, normalizeKeys } from '../contract/common';
import { problem, toPointer } from './errors';

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
 * when it is not a well-formed UTF-8 JSON object, and 400 where its shape goes beyond the bounds below.
 * PascalCase members are read as camelCase. When the body is optional, an empty body (of any
 * Content-Type) reads as {}.
 */
export async function readJsonBody(c: Context, options: { optional?: boolean } = {}): Promise<unknown> {
  const isJson = isJsonContentType(c.req.header('content-type'));
  if (!isJson && !options.optional) throw unsupportedMediaType();
  const bytes = await readLimited(c);
  if (bytes.byteLength === 0 && options.optional) return {};
  if (!isJson) throw unsupportedMediaType();
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw problem('validation_failed', 'The body is not well-formed UTF-8');
  }
  checkShape(text);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw problem('validation_failed', 'The body is not well-formed JSON');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw problem('validation_failed', 'The body must be a JSON object');
  }
  return normalizeKeys(parsed);
}

/**
 * Bounds on a body's shape, checked on its text before it is parsed, so that no body makes the parser,
 * the schemas or the error answer walk more (330,000 empty order lines took seconds of zod work before).
 * A list of the contract holds at most 1,000 items. The count of values bounds zod's work: each value can
 * fail twice at most, and a zod problem costs some microseconds; 10,000 leaves room for a 500-line order
 * with a few part attributes a line, or 1,000 serial numbers in one operator action.
 */
export const MAX_ARRAY_ELEMENTS = 1000;
export const MAX_BODY_VALUES = 10_000;
/** Well within the call stack of the readers that recurse. */
const MAX_DEPTH = 32;

type Container = { isArray: boolean; elements: number; expectsKey: boolean; quotedKey: string };

const BACKSLASH = 0x5c;

/** Where a string starting at `start` (its opening quote) ends: just past its closing quote. */
function endOfString(text: string, start: number): number {
  let from = start + 1;
  for (;;) {
    const quote = text.indexOf('"', from);
    if (quote < 0) return text.length;
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes += 1;
    if (backslashes % 2 === 0) return quote + 1;
    from = quote + 1;
  }
}

/** A member's name as normalizeKeys will read it. */
function memberName(quoted: string): string {
  try {
    return camelCaseName(JSON.parse(quoted) as string);
  } catch {
    return quoted;
  }
}

/** The pointer to the innermost container. */
function pointerTo(stack: readonly Container[]): string {
  return toPointer(
    stack
      .slice(0, -1)
      .map((container) => (container.isArray ? container.elements - 1 : memberName(container.quotedKey))),
  );
}

/** Characters that end a number, true, false or null. */
const delimiters = new Set([...',:]}"{[ \n\r\t'].map((char) => char.charCodeAt(0)));

/**
 * Reads the JSON text once, without building anything, and refuses a body nested deeper than
 * MAX_DEPTH, with an array of more than MAX_ARRAY_ELEMENTS or with more than MAX_BODY_VALUES values in
 * all, saying where. Text that is not JSON is left for JSON.parse to refuse.
 */
function checkShape(text: string): void {
  const stack: Container[] = [];
  let values = 0;
  const countValue = () => {
    values += 1;
    if (values > MAX_BODY_VALUES) {
      throw problem(
        'validation_failed',
        `The body holds more than ${MAX_BODY_VALUES.toLocaleString('en-US')} values; send less in one request`,
      );
    }
    const container = stack.at(-1);
    if (container?.isArray) {
      container.elements += 1;
      if (container.elements > MAX_ARRAY_ELEMENTS) {
        throw problem(
          'validation_failed',
          `A list may hold at most ${MAX_ARRAY_ELEMENTS.toLocaleString('en-US')} items`,
          { pointer: pointerTo(stack) },
        );
      }
    }
  };
  let at = 0;
  while (at < text.length) {
    const char = text[at];
    if (char === '"') {
      const end = endOfString(text, at);
      const container = stack.at(-1);
      if (container && !container.isArray && container.expectsKey) {
        container.quotedKey = text.slice(at, end);
        container.expectsKey = false;
      } else {
        countValue();
      }
      at = end;
      continue;
    }
    if (char === '{' || char === '[') {
      countValue();
      stack.push({ isArray: char === '[', elements: 0, expectsKey: char === '{', quotedKey: '' });
      if (stack.length > MAX_DEPTH) {
        throw problem('validation_failed', `The body is nested more than ${MAX_DEPTH} levels deep`, {
          pointer: pointerTo(stack),
        });
      }
    } else if (char === '}' || char === ']') {
      stack.pop();
    } else if (char === ',') {
      const container = stack.at(-1);
      if (container && !container.isArray) container.expectsKey = true;
    } else if (!delimiters.has(text.charCodeAt(at))) {
      // A number, true, false or null (or text JSON.parse will refuse): one value, up to a delimiter.
      countValue();
      while (at + 1 < text.length && !delimiters.has(text.charCodeAt(at + 1))) at += 1;
    }
    at += 1;
  }
}
