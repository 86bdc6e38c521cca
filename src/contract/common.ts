import { z } from 'zod';

export const keyValueSchema = z.object({ key: z.string(), value: z.string() });
export type KeyValue = z.infer<typeof keyValueSchema>;

/** A date (2026-11-22) or a timestamp with or without offset: the interface only says "ISO 8601". */
export const isoDateOrTimestampSchema = z.union(
  [z.iso.date(), z.iso.datetime({ offset: true, local: true })],
  { error: 'Use an ISO 8601 date or timestamp, for example 2026-11-22 or 2026-11-22T14:00:00Z' },
);

/** Ids occur as 32-character hex and as UUIDs; responses accept any string id. */
export const idSchema = z.string().min(1);

export const decimalStringSchema = z
  .string()
  .regex(/^\d+(\.\d{1,4})?$/, 'Use a number with at most 4 decimals, for example 12.50');

/**
 * Request bodies may name members in camelCase or PascalCase, at any depth. Lower-casing the first
 * letter of every key reads both the same; where both spellings are sent, the camelCase one wins.
 */
export function normalizeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalizeKeys);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  const entries = Object.entries(value as Record<string, unknown>);
  for (const [key, member] of entries) {
    const camel = key.charAt(0).toLowerCase() + key.slice(1);
    if (camel !== key && Object.hasOwn(value, camel)) continue;
    // defineProperty keeps a member named __proto__ an ordinary (unknown) member instead of a prototype.
    Object.defineProperty(out, camel, {
      value: normalizeKeys(member),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}
