import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';

/** A downloaded CSV, read as a spreadsheet reads it: its header's words and its rows by them. */
export async function readCsvFile(path: string) {
  const text = (await readFile(path, 'utf8')).replace(/^\uFEFF/, '');
  const { data, meta } = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });
  return { headers: meta.fields ?? [], rows: data };
}
