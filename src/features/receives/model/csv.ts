/** Characters that make a spreadsheet read a cell as a formula (CSV injection). */
const formulaStart = /^[=+\-@\t\r]/;

/**
 * One CSV field (RFC 4180): quoted when it holds a quote, separator or line break, with quotes doubled.
 * Text that a spreadsheet would run as a formula gets a leading apostrophe; numbers are left as they are.
 */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = formulaStart.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole CSV document: a header row, then one row per record, CRLF line ends as RFC 4180 asks. */
export function buildCsv(header: string[], rows: (string | number | null | undefined)[][]): string {
  return [header, ...rows]
    .map((row) => row.map(csvField).join(','))
    .join('\r\n')
    .concat('\r\n');
}
