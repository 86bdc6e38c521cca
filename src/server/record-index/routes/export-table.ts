import { type CsvCell, csvLine } from '../../../domain/csv-line';

/**
 * What a column holds, which says how each file writes it: `day` is a calendar day (an instant at midnight
 * UTC, as the operator stamps ship-by dates and ETAs: the same day everywhere), `time` an instant shown in
 * the reader's time zone, `money` an amount in the currency another column names.
 */
export type CellKind = 'text' | 'number' | 'day' | 'time' | 'money';

export type ExportColumn<R> = {
  /** The header, in words a person reads. */
  header: string;
  kind: CellKind;
  /** Text for text; a number for numbers and money; milliseconds since 1970 for days and times. */
  of: (row: R) => string | number | null;
  /** Characters the column is wide in a workbook; the header's length when left out. */
  width?: number;
};

/** An export's columns, and the name its worksheet has. */
export type ExportTable<R> = { sheet: string; columns: readonly ExportColumn<R>[] };

/** A yes or no in words: spreadsheets filter on them where TRUE and FALSE read as code. */
export const yesOrNo = (value: boolean) => (value ? 'Yes' : 'No');

const minuteMs = 60_000;
/** Every time zone's offset changes on a quarter hour: an offset read once holds for its quarter. */
const quarterMs = 15 * minuteMs;

/**
 * Milliseconds as the wall clock of `timeZone` reads them (an instant's local time, as if it were UTC),
 * with each quarter hour's offset read once: an export of a million rows asks Intl a few thousand times.
 */
export function wallClock(timeZone: string): (ms: number) => number {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  });
  const offsets = new Map<number, number>();
  const offsetAt = (ms: number) => {
    const quarter = Math.floor(ms / quarterMs);
    let offset = offsets.get(quarter);
    if (offset === undefined) {
      const parts = Object.fromEntries(
        format.formatToParts(quarter * quarterMs).map((part) => [part.type, Number(part.value)]),
      );
      const local = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute);
      offset = local - quarter * quarterMs;
      if (offsets.size > 100_000) offsets.clear();
      offsets.set(quarter, offset);
    }
    return offset;
  };
  return (ms) => ms + offsetAt(ms);
}

/** 2026-11-23, or 2026-11-23 14:05: what spreadsheets read as a date (and time) in any locale. */
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const isoMinute = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');

/** The CSV cell of one value: days and local times as spreadsheets read dates, the rest as it is. */
function csvValue(kind: CellKind, value: string | number | null, local: (ms: number) => number): CsvCell {
  if (value === null || typeof value === 'string') return value;
  if (kind === 'day') return isoDay(value);
  if (kind === 'time') return isoMinute(local(value));
  return value;
}

/** The CSV's first line: the headers in words, after a byte order mark that tells spreadsheets it is UTF-8. */
export const csvHeader = <R>(table: ExportTable<R>) =>
  `\uFEFF${csvLine(table.columns.map((column) => column.header))}`;

/** The CSV lines of `rows`, times in `timeZone`. */
export function csvRows<R>(table: ExportTable<R>, rows: readonly R[], local: (ms: number) => number): string {
  return rows
    .map((row) => csvLine(table.columns.map((column) => csvValue(column.kind, column.of(row), local))))
    .join('');
}
