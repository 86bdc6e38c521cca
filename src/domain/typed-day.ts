// Days as a person types and reads them: in the order of their own locale (11/23/2026 in the US,
// 23/11/2026 in Britain, 23.11.2026 in Germany), or as ISO 8601 anywhere. The rest of the console keeps
// calendar days as YYYY-MM-DD (domain/local-day.ts).

type DayPart = 'day' | 'month' | 'year';

/** What a typed text is: a day, not a day yet (still being typed), or something that cannot be one. */
export type TypedDay = { day: string } | { unfinished: true } | { problem: string };

/** A sample day whose day and month cannot be mistaken for each other. */
const sample = new Date(2026, 10, 23, 12);

function numericFormat(locale: string | undefined) {
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit' });
}

/** The order the locale writes day, month and year in, as Intl.DateTimeFormat says. */
export function dayPartOrder(locale?: string): DayPart[] {
  return numericFormat(locale)
    .formatToParts(sample)
    .map((part) => part.type)
    .filter((type): type is DayPart => type === 'day' || type === 'month' || type === 'year');
}

/** How the locale writes a day, as a hint: MM/DD/YYYY, DD/MM/YYYY, DD.MM.YYYY. */
export function dayPattern(locale?: string): string {
  const names: Record<string, string> = { day: 'DD', month: 'MM', year: 'YYYY' };
  return numericFormat(locale)
    .formatToParts(sample)
    .map((part) => names[part.type] ?? part.value)
    .join('');
}

/** A calendar day (YYYY-MM-DD) written the locale's way: 11/23/2026, 23/11/2026, 23.11.2026. */
export function formatDayForReader(day: string, locale?: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return numericFormat(locale).format(new Date(year, month - 1, date, 12));
}

const pad = (value: number) => String(value).padStart(2, '0');

/** YYYY-MM-DD when the three numbers make a day of the calendar, else undefined (31 February). */
function existingDay(year: number, month: number, date: number): string | undefined {
  const candidate = new Date(year, month - 1, date, 12);
  const exists =
    candidate.getFullYear() === year && candidate.getMonth() === month - 1 && candidate.getDate() === date;
  return exists && year >= 1000 ? `${year}-${pad(month)}-${pad(date)}` : undefined;
}

/**
 * Reads a typed day: ISO 8601 (year first) in every locale, else the locale's own order with any of
 * / . - or a space between the numbers. A day counts once its last number is whole (a year of four
 * digits, or two for a day or month last), so 20 on the way to 2026 is never read as 2020.
 */
export function readTypedDay(text: string, locale?: string): TypedDay {
  const typed = text.trim();
  if (!/^[\d\s./-]*$/.test(typed)) return { problem: `Type a date as ${dayPattern(locale)}` };
  const numbers = typed.split(/[\s./-]+/).filter(Boolean);
  const order: DayPart[] = /^\d{3,}/.test(typed) ? ['year', 'month', 'day'] : dayPartOrder(locale);
  const yearAt = order.indexOf('year');
  if (numbers.length > 3 || numbers.some((number, at) => number.length > (at === yearAt ? 4 : 2)))
    return notADay(typed);
  const lastNumber = numbers.at(-1) ?? '';
  const whole =
    numbers.length === 3 && numbers[yearAt].length === 4 && (order[2] === 'year' || lastNumber.length === 2);
  if (!whole) return { unfinished: true };
  const value = (part: DayPart) => Number(numbers[order.indexOf(part)]);
  const day = existingDay(value('year'), value('month'), value('day'));
  return day ? { day } : notADay(typed);
}

function notADay(typed: string): TypedDay {
  return { problem: `${typed} is not a date` };
}

/**
 * The day a week starts on in the locale, 1 (Monday) to 7 (Sunday): Intl.Locale's week info where the
 * browser has it (getWeekInfo, or the older weekInfo), else Monday.
 */
export function firstDayOfWeek(locale?: string): number {
  try {
    const tag = new Intl.Locale(locale ?? new Intl.DateTimeFormat().resolvedOptions().locale);
    const withWeek = tag as Intl.Locale & {
      getWeekInfo?: () => { firstDay: number };
      weekInfo?: { firstDay: number };
    };
    return withWeek.getWeekInfo?.().firstDay ?? withWeek.weekInfo?.firstDay ?? 1;
  } catch {
    return 1;
  }
}

/** A calendar day (YYYY-MM-DD) at noon local time, for Intl to write it: no clock change moves it. */
function noonOf(day: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year, month - 1, date, 12);
}

/**
 * Days as the reader's locale writes a range of them: "Dec 6 – 12" in the US, "6–12 Dec" in Britain,
 * "Nov 30 – Dec 6" across months; one day alone when both ends are the same.
 */
export function formatDayRange(from: string, to: string, locale?: string): string {
  const format = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric' });
  return from === to ? format.format(noonOf(from)) : format.formatRange(noonOf(from), noonOf(to));
}

/** The days a range holds in words ("Dec 6 – 12", "from Dec 6", "until Dec 12"); empty for any time. */
export function dayRangeInWords(from: string | undefined, to: string | undefined, locale?: string): string {
  if (from && to) return formatDayRange(from, to, locale);
  if (from) return `from ${formatDayRange(from, from, locale)}`;
  return to ? `until ${formatDayRange(to, to, locale)}` : '';
}

/** The day `days` after `day` (before, when negative), both YYYY-MM-DD: noon, so no clock change moves it. */
export function addDays(day: string, days: number): string {
  const noon = noonOf(day);
  noon.setDate(noon.getDate() + days);
  return `${noon.getFullYear()}-${pad(noon.getMonth() + 1)}-${pad(noon.getDate())}`;
}

/** The first day (YYYY-MM-DD) of the week `day` falls in, weeks starting on `firstDay` (1 Monday, 7 Sunday). */
export function startOfWeek(day: string, firstDay: number): string {
  // getDay counts Sunday as 0; the week info counts it as 7.
  const back = (noonOf(day).getDay() - (firstDay % 7) + 7) % 7;
  return addDays(day, -back);
}
