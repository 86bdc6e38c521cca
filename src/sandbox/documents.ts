import { randomUUID } from 'node:crypto';

/** Resource ids in the 32-character hex form the interface shows (randomUUID draws from a buffered pool). */
export function newResourceId(): string {
  return randomUUID().replaceAll('-', '');
}

/** ISO 8601 with an explicit offset, as the interface's samples show. */
export function timestamp(date: Date): string {
  return date.toISOString().replace('Z', '+00:00');
}

/** A member read from an untrusted body that may not be an object at all. */
export function asRecord(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

export function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** A trimmed non-empty string, or undefined for anything else. */
export function asText(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** Prices are shown with 2 decimals, or 4 when the client sent more than 2. */
export function formatPrice(value: string | number): string {
  const text = typeof value === 'number' ? String(value) : value;
  if (!/^\d+(\.\d+)?$/.test(text)) return text;
  const [whole, decimals = ''] = text.split('.');
  const places = decimals.length > 2 ? 4 : 2;
  return `${whole}.${decimals.padEnd(places, '0').slice(0, places)}`;
}
