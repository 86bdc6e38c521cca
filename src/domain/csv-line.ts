export type CsvCell = string | number | boolean | null;

/**
 * A spreadsheet runs a cell that starts like a formula (=, +, -, @, or a tab or carriage return before
 * one): a customer name such as `=HYPERLINK(...)` must arrive as text, so such cells get a leading '.
 */
const formulaStart = /^[=+\-@\t\r]/;

function csvCell(cell: CsvCell): string {
  if (cell === null) return '';
  const text = typeof cell === 'string' && formulaStart.test(cell) ? `'${cell}` : String(cell);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record of RFC 4180 CSV, ending in CRLF. */
export function csvLine(cells: readonly CsvCell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
