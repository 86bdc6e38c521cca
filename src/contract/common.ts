import { z } from 'zod';
import { limits } from './limits';

/**
 * Key and value as responses carry them (members the contract does not name kept); requests use the
 * bounded schemas below.
 */
export const keyValueSchema = z.looseObject({ key: z.string(), value: z.string() });
export type KeyValue = z.infer<typeof keyValueSchema>;

const count = (value: number) => value.toLocaleString('en-US');

export function atMostCharacters(max: number): string {
  return `Use at most ${count(max)} characters`;
}

/** Free text of at most `max` characters. */
export function boundedTextSchema(max: number) {
  return z.string().max(max, atMostCharacters(max));
}

/** A list of at most `max` items; `noun` names them in the message ("lines", "tags"). */
export function boundedListSchema<T extends z.ZodType>(item: T, max: number, noun: string) {
  return z.array(item).max(max, `Use at most ${count(max)} ${noun}`);
}

// Invisible direction controls (LRE, RLE, PDF, LRO, RLO, LRI, RLI, FSI, PDI, LRM, RLM, ALM) reorder how
// the text around them shows, so "SO-1<RLO>01" could pose as another reference in a list.
const noDirectionControls = /^[^\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]*$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing C0 and C1 controls is the point.
const noControlCharacters = /^[^\u0000-\u001f\u007f-\u009f]*$/;

/**
 * An identifier (a reference, a product or warehouse code, an attribute key): trimmed, at most `max`
 * characters, and free of control and invisible direction-control characters, which would let one
 * identifier look like another. Add `.min(1, …)` where it is required.
 */
export function identifierSchema(max: number) {
  return z
    .string()
    .trim()
    .max(max, atMostCharacters(max))
    .regex(noDirectionControls, 'Must not contain invisible direction-control characters')
    .regex(noControlCharacters, 'Must not contain control characters such as tabs or line breaks');
}

function writtenLength(value: unknown): number {
  return typeof value === 'string' ? value.length : (JSON.stringify(value)?.length ?? 0);
}

/**
 * A member whose shape the interface does not show (tags, additional notes, job costing beside its
 * branch), kept as sent: at most `max` characters as text, or written out as JSON.
 */
export function writtenOutAtMost<T extends z.ZodType>(schema: T, max: number) {
  return schema.refine((value) => writtenLength(value) <= max, atMostCharacters(max));
}

/** additionalReferences on orders and receives: the client's other references for the document. */
export const additionalReferenceSchema = z.object({
  key: identifierSchema(limits.maxLength.reference),
  value: identifierSchema(limits.maxLength.reference),
});

/**
 * partAttributes: an attribute key of the operator's packet and its value (a serial number, lot or expiry
 * date).
 */
const partAttributeSchema = z.object({
  key: identifierSchema(limits.maxLength.code),
  value: identifierSchema(limits.maxLength.reference),
});

export const partAttributesSchema = boundedListSchema(
  partAttributeSchema,
  limits.maxItems.partAttributes,
  'part attributes',
);

/**
 * A date (2026-11-22) or a timestamp with or without offset. The operator prints and documents
 * `2023-05-15T00:00:00+00:00`; a bare date and `Z` are still taken as before.
 */
export const isoDateOrTimestampSchema = z.union(
  [z.iso.date(), z.iso.datetime({ offset: true, local: true })],
  { error: 'Use an ISO 8601 date or timestamp, for example 2026-11-22 or 2026-11-22T14:00:00+00:00' },
);

/**
 * Resource ids are 24 hex characters at the operator, 32 in older sandbox data; envelope ids are 32 hex
 * or UUIDs. Responses accept any string id.
 */
export const idSchema = z.string().min(1);

/**
 * The operator's timestamp of a calendar day (YYYY-MM-DD): its midnight as `2023-05-15T00:00:00+00:00`,
 * the form `requiredShipDate` and `eta` are sent in. Anything else (empty, or already a timestamp) is
 * returned as it is.
 */
export function dayAsOperatorTimestamp(day: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? `${day}T00:00:00+00:00` : day;
}

export const decimalStringSchema = z
  .string()
  .regex(
    /^\d{1,12}(\.\d{1,4})?$/,
    'Use a number with at most 12 digits before the point and 4 after, for example 12.50',
  );

/** How a body's member name is read: with its first letter lower-cased, so PascalCase reads as camelCase. */
export function camelCaseName(name: string): string {
  return name.charAt(0).toLowerCase() + name.slice(1);
}

/**
 * How deeply normalizeKeys reads: far past any document of the contract (about 8 levels), well within the
 * call stack of the walks that read a body after it (zod's, JSON.stringify's).
 */
export const maxNestingDepth = 64;

/** A body nested past maxNestingDepth: refused as unreadable rather than left to overflow the stack. */
export class NestedTooDeeply extends Error {
  constructor() {
    super(`The body is nested more than ${maxNestingDepth} levels deep`);
  }
}

/**
 * Request bodies may name members in camelCase or PascalCase, at any depth up to maxNestingDepth (deeper
 * throws NestedTooDeeply). Lower-casing the first letter of every key reads both the same; where both
 * spellings are sent, the camelCase one wins.
 */
export function normalizeKeys(value: unknown): unknown {
  // Most bodies are camelCase throughout: copying them key by key costs as much as validating them.
  return isCamelCaseData(value, 0) ? value : normalizedCopy(value, 0);
}

/**
 * Whether `value` is data as JSON.parse makes it (plain arrays and objects, primitives) with every key
 * camelCase already: then the copy would be equal to it, and it is returned as it is.
 */
function isCamelCaseData(value: unknown, depth: number): boolean {
  if (value === null || typeof value !== 'object') return true;
  if (depth === maxNestingDepth) throw new NestedTooDeeply();
  if (Array.isArray(value)) {
    for (const item of value) if (!isCamelCaseData(item, depth + 1)) return false;
    return Object.getPrototypeOf(value) === Array.prototype;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) return false;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) return false;
    // As camelCaseName reads it, without making a string for each key: an ASCII first letter is not A–Z.
    const first = key.charCodeAt(0);
    if (first < 128 ? first >= 65 && first <= 90 : camelCaseName(key) !== key) return false;
    if (!isCamelCaseData((value as Record<string, unknown>)[key], depth + 1)) return false;
  }
  return true;
}

function normalizedCopy(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth === maxNestingDepth) throw new NestedTooDeeply();
  if (Array.isArray(value)) return value.map((item) => normalizedCopy(item, depth + 1));
  const out: Record<string, unknown> = {};
  const entries = Object.entries(value as Record<string, unknown>);
  for (const [key, member] of entries) {
    const camel = camelCaseName(key);
    if (camel !== key && Object.hasOwn(value, camel)) continue;
    // defineProperty keeps a member named __proto__ an ordinary (unknown) member instead of a prototype.
    Object.defineProperty(out, camel, {
      value: normalizedCopy(member, depth + 1),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}
