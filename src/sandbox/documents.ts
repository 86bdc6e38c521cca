import { randomBytes } from 'node:crypto';

const ID_BYTES = 12;
/** Random bytes drawn a batch at a time: a system call per id would cost more than the id. */
let idPool = Buffer.alloc(0);
let idOffset = 0;

/** Resource ids as the operator mints them: 24 lowercase hex characters (677eddd7813921e226061966). */
export function newResourceId(): string {
  if (idOffset + ID_BYTES > idPool.length) {
    idPool = randomBytes(ID_BYTES * 256);
    idOffset = 0;
  }
  idOffset += ID_BYTES;
  return idPool.toString('hex', idOffset - ID_BYTES, idOffset);
}

/** As the operator writes every timestamp: whole seconds and `+00:00` (2026-11-20T09:15:00+00:00). */
export function timestamp(date: Date): string {
  return `${date.toISOString().slice(0, 19)}+00:00`;
}

/** The start of the UTC day of `date`, as the operator writes requiredShipDate (2023-05-15T00:00:00+00:00). */
export function startOfDay(date: Date): string {
  return `${date.toISOString().slice(0, 10)}T00:00:00+00:00`;
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
