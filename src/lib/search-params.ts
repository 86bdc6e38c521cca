// Readers for routes' `validateSearch`. Each takes what the router parsed from the URL and returns the
// value or `undefined` when it is missing or bad, so a hand-edited or outdated link degrades to the
// default instead of an error page. Plain functions rather than zod: they load with the first page,
// and zod would take a sixth of its JavaScript budget.

/** Text with surrounding blanks removed; a number typed into the URL (`?q=100003`) reads as text. */
export function readText(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

export function readChoice<T extends string | number>(value: unknown, choices: readonly T[]): T | undefined {
  return choices.find((choice) => choice === value || String(choice) === value);
}

/** A flag that is on (`true`, also as text) or else absent. */
export function readTrue(value: unknown): true | undefined {
  return value === true || value === 'true' ? true : undefined;
}

/** A calendar day written `YYYY-MM-DD` that exists (no 2026-02-30). */
export function readDay(value: unknown): string | undefined {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value) ? value : undefined;
}

/** A whole number of at least 1, also when the URL holds it as text. */
export function readPositiveInteger(value: unknown): number | undefined {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number >= 1 ? number : undefined;
}

export function readTextList(value: unknown): string[] | undefined {
  return Array.isArray(value) && value.every((item) => typeof item === 'string') ? value : undefined;
}
