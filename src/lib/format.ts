const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const exactFormat = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'full',
  timeStyle: 'long',
});

function parseDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A timestamp in the reader's local time, short; the raw value when it is not a date. */
export function formatDateTime(value: string | null | undefined): string {
  const date = parseDate(value);
  if (!date) return value ?? '';
  return dateTimeFormat.format(date);
}

/** The same timestamp to the second with its zone, for a hover title. */
export function formatExactDateTime(value: string | null | undefined): string {
  const date = parseDate(value);
  if (!date) return value ?? '';
  return exactFormat.format(date);
}

/** A price as the interface sends it (string or number) with its currency, e.g. "12.50 USD". */
export function formatPrice(amount: string | number | null | undefined, currency?: string): string {
  if (amount === undefined || amount === null || amount === '') return '';
  return currency ? `${amount} ${currency}` : String(amount);
}

/** A measure with its unit, or an empty string when the interface reports none (0 means "not supplied"). */
export function formatMeasure(value: number | null | undefined, unit?: string): string {
  if (value === undefined || value === null || value === 0) return '';
  return unit ? `${value} ${unit}` : String(value);
}

/** A count with its noun: "1 unit", "3 units" (`plural` for nouns that do not just take an s). */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
