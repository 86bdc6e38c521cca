import type { CellKind, ExportTable } from './export-table';
import { zipArchive } from './zip-stream';

const utf8 = new TextEncoder();
const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const relationships = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const packageRelationships = 'http://schemas.openxmlformats.org/package/2006/relationships';
const declaration = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** The rows a worksheet holds, its header among them: Excel's limit, and LibreOffice's. */
export const worksheetRows = 1_048_576;
/** The characters a cell holds, at most. */
const cellCharacters = 32_767;

/**
 * Cell formats by index: the plain one, a day and a date with its time (the formats 14 and 22, which
 * Excel and LibreOffice show the reader's way: 11/23/2026 in the US, 23/11/2026 in Britain), the bold
 * header, and money with two decimals.
 */
const styles = { text: 0, number: 0, day: 1, time: 2, header: 3, money: 4 } as const;
const stylesXml = `${declaration}<styleSheet xmlns="${main}"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="5"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="14" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="22" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="4" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

/** Characters XML 1.0 cannot hold (controls but tab and line ends, lone surrogates, U+FFFE and U+FFFF). */
const notXml = /[^\P{Cc}\t\n\r]|[\uFFFE\uFFFF]|\p{Cs}/gu;
const escaped = (text: string) =>
  text.replace(notXml, '').replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** A column's letters: 0 → A, 26 → AA. */
function columnName(index: number): string {
  let name = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26))
    name = String.fromCharCode(65 + ((rest - 1) % 26)) + name;
  return name;
}

/** Days since 1899-12-30, the day a spreadsheet's dates count from; the fraction is the time of day. */
const serialOf = (ms: number) => ms / 86_400_000 + 25_569;

/** A cell of text, inline: never a formula, so a name such as =HYPERLINK(…) needs no guard here. */
function textCell(reference: string, value: string, style: number = styles.text): string {
  const text = value.length > cellCharacters ? `${value.slice(0, cellCharacters - 1)}…` : value;
  return `<c r="${reference}" s="${style}" t="inlineStr"><is><t xml:space="preserve">${escaped(text)}</t></is></c>`;
}

function cellXml(
  reference: string,
  kind: CellKind,
  value: string | number | null,
  local: (ms: number) => number,
): string {
  if (value === null || value === '') return '';
  if (typeof value === 'string') return textCell(reference, value);
  if (!Number.isFinite(value)) return '';
  if (kind === 'day')
    return `<c r="${reference}" s="${styles.day}"><v>${Math.floor(serialOf(value))}</v></c>`;
  if (kind === 'time') return `<c r="${reference}" s="${styles.time}"><v>${serialOf(local(value))}</v></c>`;
  return `<c r="${reference}" s="${styles[kind]}"><v>${value}</v></c>`;
}

const rowXml = (number: number, cells: string) => `<row r="${number}">${cells}</row>`;

/**
 * The worksheet's XML as it is made: the headers (bold, frozen, with filters), then a row per item of
 * `batches`. Past the rows a worksheet holds, the last row says the CSV has them all.
 */
async function* sheetXml<R>(
  table: ExportTable<R>,
  batches: AsyncIterable<readonly R[]>,
  local: (ms: number) => number,
): AsyncGenerator<Uint8Array> {
  const names = table.columns.map((_, index) => columnName(index));
  const widths = table.columns
    .map((column, index) => {
      const width = Math.min(60, Math.max(10, column.width ?? column.header.length + 2));
      return `<col min="${index + 1}" max="${index + 1}" width="${width}" customWidth="1"/>`;
    })
    .join('');
  const header = table.columns
    .map((column, index) => textCell(`${names[index]}1`, column.header, styles.header))
    .join('');
  yield utf8.encode(
    // Printed landscape, as wide as a page: a person prints a recall list to work through it.
    `${declaration}<worksheet xmlns="${main}" xmlns:r="${relationships}"><sheetPr><pageSetUpPr fitToPage="1"/></sheetPr><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><cols>${widths}</cols><sheetData>${rowXml(1, header)}`,
  );
  let last = 1;
  for await (const batch of batches) {
    const rows: string[] = [];
    for (const row of batch) {
      if (last === worksheetRows - 1) {
        const note = 'The list has more rows than a worksheet holds: its CSV has every one.';
        rows.push(rowXml(worksheetRows, textCell(`A${worksheetRows}`, note)));
        last = worksheetRows;
        break;
      }
      last += 1;
      const cells = table.columns.map((column, index) =>
        cellXml(`${names[index]}${last}`, column.kind, column.of(row), local),
      );
      rows.push(rowXml(last, cells.join('')));
    }
    yield utf8.encode(rows.join(''));
    if (last === worksheetRows) break;
  }
  const range = `A1:${names.at(-1)}${Math.max(last, 1)}`;
  yield utf8.encode(
    `</sheetData><autoFilter ref="${range}"/><pageSetup orientation="landscape" fitToWidth="1" fitToHeight="0"/></worksheet>`,
  );
}

/** A worksheet's name as Excel takes it: at most 31 characters, none of : \ / ? * [ ]. */
const sheetName = (name: string) => escaped(name.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31));

/**
 * An Excel workbook (.xlsx) of one worksheet: typed numbers, dates a spreadsheet reads as dates (times in
 * the reader's zone through `local`), text as text; made as `batches` are read, a batch at a time.
 */
export function workbookOf<R>(
  table: ExportTable<R>,
  batches: AsyncIterable<readonly R[]>,
  local: (ms: number) => number,
  at = new Date(),
): AsyncGenerator<Uint8Array> {
  const file = (text: string) => [utf8.encode(text)];
  return zipArchive(
    [
      {
        name: '[Content_Types].xml',
        content: file(
          `${declaration}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
        ),
      },
      {
        name: '_rels/.rels',
        content: file(
          `${declaration}<Relationships xmlns="${packageRelationships}"><Relationship Id="rId1" Type="${relationships}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
        ),
      },
      {
        name: 'xl/workbook.xml',
        content: file(
          `${declaration}<workbook xmlns="${main}" xmlns:r="${relationships}"><sheets><sheet name="${sheetName(table.sheet)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
        ),
      },
      {
        name: 'xl/_rels/workbook.xml.rels',
        content: file(
          `${declaration}<Relationships xmlns="${packageRelationships}"><Relationship Id="rId1" Type="${relationships}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${relationships}/styles" Target="styles.xml"/></Relationships>`,
        ),
      },
      { name: 'xl/styles.xml', content: file(stylesXml) },
      { name: 'xl/worksheets/sheet1.xml', content: sheetXml(table, batches, local) },
    ],
    at,
  );
}
