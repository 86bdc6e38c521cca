// The one place numbers, prices and dates are put into words, in the reader's own locale.

const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });
const calendarDayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
// Quantities are often fractional (metres, kilograms); six decimals keep what the operator sent.
const numberFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 6 });
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

/** A timestamp's time alone when it falls on `today` (the reader's), else its date and time. */
export function formatTimeOrDateTime(value: string, today: Date): string {
  const date = parseDate(value);
  if (!date) return value;
  return date.toDateString() === today.toDateString() ? timeFormat.format(date) : dateTimeFormat.format(date);
}

/** The calendar day of a timestamp, e.g. "Nov 23, 2026"; the raw value when it is not a date. */
export function formatDate(value: string | null | undefined): string {
  const date = parseDate(value);
  if (!date) return value ?? '';
  return dateFormat.format(date);
}

/** A calendar day written YYYY-MM-DD, the same day in every time zone: "Nov 21, 2026"; as sent if not a day. */
export function formatCalendarDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : calendarDayFormat.format(date);
}

/** A number with the reader's thousands separators: 15900.5 → "15,900.5". */
export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/** The same timestamp to the second with its zone, for a hover title. */
export function formatExactDateTime(value: string | null | undefined): string {
  const date = parseDate(value);
  if (!date) return value ?? '';
  return exactFormat.format(date);
}

const currencyFormats = new Map<string, Intl.NumberFormat | null>();

function currencyFormat(currency: string): Intl.NumberFormat | null {
  if (!currencyFormats.has(currency)) {
    let format: Intl.NumberFormat | null = null;
    try {
      format = new Intl.NumberFormat(undefined, { style: 'currency', currency, maximumFractionDigits: 6 });
    } catch {
      // Not an ISO 4217 code: the amount is written with the code as sent.
    }
    currencyFormats.set(currency, format);
  }
  return currencyFormats.get(currency) ?? null;
}

/**
 * A price as the interface sends it (string or number) in its currency, e.g. "$1,234.50"; a currency that is
 * not an ISO code is written after the amount, and an amount that is not a number is shown as sent.
 */
export function formatPrice(amount: string | number | null | undefined, currency?: string): string {
  if (amount === undefined || amount === null || amount === '') return '';
  const value = typeof amount === 'number' ? amount : Number(amount);
  if (!Number.isFinite(value)) return String(amount);
  const code = currency?.trim().toUpperCase();
  const format = code && /^[A-Z]{3}$/.test(code) ? currencyFormat(code) : null;
  if (format) return format.format(value);
  return currency ? `${formatNumber(value)} ${currency}` : formatNumber(value);
}

/** A count with its noun: "1 unit", "3 units" (`plural` for nouns that do not just take an s). */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatNumber(count)} ${count === 1 ? singular : plural}`;
}

/** The first few items of a list, then how many more: "A, B, C and 4 more", so a long order stays one line. */
export function formatFirstOf(items: readonly string[], shown = 4): string {
  if (items.length <= shown) return items.join(', ');
  return `${items.slice(0, shown).join(', ')} and ${formatNumber(items.length - shown)} more`;
}

const relativeFormat = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

/**
 * How long ago a timestamp was, from `nowMs`: "just now", "2 minutes ago", "3 hours ago", "yesterday"; a
 * week or more ago, the date and time.
 */
export function formatTimeAgo(value: string, nowMs: number = Date.now()): string {
  const date = parseDate(value);
  if (!date) return value;
  const seconds = (nowMs - date.getTime()) / 1000;
  if (seconds < 45) return 'just now';
  const minutes = Math.max(1, Math.round(seconds / 60));
  if (minutes < 60) return relativeFormat.format(-minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 24) return relativeFormat.format(-hours, 'hour');
  const days = Math.round(hours / 24);
  if (days < 7) return relativeFormat.format(-days, 'day');
  return dateTimeFormat.format(date);
}
