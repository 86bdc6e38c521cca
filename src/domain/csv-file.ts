import Papa from 'papaparse';

/**
 * A file's text: UTF-8 when its bytes are UTF-8 (the decoder drops a byte order mark), else Windows-1252, which is
 * what a spreadsheet on Windows saves as "CSV" and which any byte sequence decodes as.
 */
export function decodeCsvBytes(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Decoded here: Node built with small ICU reads 'windows-1252' as Latin-1, losing € and the quotes.
    return Array.from(bytes, (byte) =>
      byte >= 0x80 && byte <= 0x9f ? windows1252High[byte - 0x80] : String.fromCharCode(byte),
    ).join('');
  }
}

/** Bytes 0x80 to 0x9F in Windows-1252 (where Latin-1 has control characters); the five unused stay as they are. */
const windows1252High = [...'€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ'];

/** A file's header and records; `rowNumbers[i]` is the row `rows[i]` is on, as a spreadsheet numbers it. */
export type CsvTable = { headers: string[]; rows: string[][]; rowNumbers: number[] };

const isBlank = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '');

/**
 * The header and records of CSV text: commas or semicolons (the separator is detected), quoted fields,
 * CRLF or LF. Blank rows are skipped but keep their numbers, so a row's number is the one a spreadsheet
 * shows. A quote never closed, or a value beyond the header's columns (a comma that needed quotes), is a
 * problem with the file, named by its row: read on, either would put values under the wrong column.
 */
export function readCsvTable(text: string): { table: CsvTable } | { problem: string } {
  const body = text.replace(/^\uFEFF/, '');
  // The separator is guessed without the blank rows, which would make every guess look inconsistent.
  const { delimiter } = Papa.parse<string[]>(body, {
    skipEmptyLines: 'greedy',
    delimitersToGuess: [',', ';', '\t'],
    preview: 100,
  }).meta;
  const parsed = Papa.parse<string[]>(body, { skipEmptyLines: false, delimiter });
  const unclosed = parsed.errors.find((error) => error.type === 'Quotes');
  if (unclosed) return { problem: `Row ${(unclosed.row ?? 0) + 1} has a quote that is never closed.` };
  const start = parsed.data.findIndex((cells) => !isBlank(cells));
  const headers = (parsed.data[start] ?? []).map((header) => header.trim());
  if (start === -1) return { problem: 'It has no header line.' };
  const table: CsvTable = { headers, rows: [], rowNumbers: [] };
  for (let at = start + 1; at < parsed.data.length; at++) {
    const cells = parsed.data[at] as string[];
    if (isBlank(cells)) continue;
    if (!isBlank(cells.slice(headers.length)))
      return {
        problem: `Row ${at + 1} has ${cells.length} values where the header names ${headers.length} columns: a value with a comma or semicolon in it needs quotes.`,
      };
    table.rows.push(cells);
    table.rowNumbers.push(at + 1);
  }
  return { table };
}
