import { inflateRawSync } from 'node:zlib';

/** The files of a ZIP archive by name, read from its central directory. */
export function unzip(archive: Uint8Array): Map<string, string> {
  const view = new DataView(archive.buffer, archive.byteOffset, archive.byteLength);
  const end = archive.byteLength - 22;
  if (view.getUint32(end, true) !== 0x06054b50) throw new Error('not a ZIP archive without a comment');
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const files = new Map<string, string>();
  for (let index = 0; index < count; index++) {
    if (view.getUint32(at, true) !== 0x02014b50) throw new Error(`no directory record at ${at}`);
    const compressed = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const offset = view.getUint32(at + 42, true);
    const name = new TextDecoder().decode(archive.subarray(at + 46, at + 46 + nameLength));
    const dataAt = offset + 30 + view.getUint16(offset + 26, true) + view.getUint16(offset + 28, true);
    const data = inflateRawSync(archive.subarray(dataAt, dataAt + compressed));
    files.set(name, new TextDecoder().decode(data));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return files;
}

/** A cell as a worksheet holds it: text, or a number with its format's index (1 a day, 2 a date and time). */
export type WorkbookCell = { text: string } | { number: number; style: number };

const unescaped = (text: string) =>
  text.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&quot;', '"').replaceAll('&amp;', '&');

/** The rows of the first worksheet of an .xlsx written by the console, each a map of column letter to cell. */
export function worksheetRows(archive: Uint8Array): Map<string, WorkbookCell>[] {
  const sheet = unzip(archive).get('xl/worksheets/sheet1.xml') ?? '';
  return [...sheet.matchAll(/<row r="\d+">(.*?)<\/row>/g)].map(([, cells]) => {
    const row = new Map<string, WorkbookCell>();
    for (const [, column, attributes, body] of (cells ?? '').matchAll(
      /<c r="([A-Z]+)\d+"([^>]*)>(.*?)<\/c>/g,
    )) {
      const style = Number(/s="(\d+)"/.exec(attributes ?? '')?.[1] ?? 0);
      const text = /<t[^>]*>(.*?)<\/t>/s.exec(body ?? '')?.[1];
      row.set(
        column as string,
        text === undefined
          ? { number: Number(/<v>(.*?)<\/v>/.exec(body ?? '')?.[1]), style }
          : { text: unescaped(text) },
      );
    }
    return row;
  });
}

/** A workbook's date (days since 1899-12-30) as the wall-clock time it shows, ISO-written to the minute. */
export const shownTime = (serial: number) =>
  new Date(Math.round((serial - 25_569) * 86_400_000)).toISOString().slice(0, 16);
