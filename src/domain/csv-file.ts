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

export type CsvTable = { headers: string[]; rows: string[][] };

/**
 * The header and records of CSV text: commas or semicolons (the separator is detected), quoted fields,
 * CRLF or LF; blank lines skipped. Null when the text has no header line.
 */
export function readCsvTable(text: string): CsvTable | null {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
    skipEmptyLines: 'greedy',
    delimitersToGuess: [',', ';', '\t'],
  });
  const [headers, ...rows] = parsed.data;
  if (!headers || headers.every((header) => header.trim() === '')) return null;
  return { headers: headers.map((header) => header.trim()), rows };
}
