import {
  blankDocumentLine,
  type DocumentLineFieldValues,
  documentLineFieldsSchema,
} from '@/components/form/document-line-values';
import { limits } from '@/contract/limits';
import type { CsvTable } from '@/domain/csv-file';

/** A packing list has at most as many lines as a receive. */
export const packingListLimits = { rows: limits.maxItems.lines, fileBytes: 1024 * 1024 } as const;

type LineField = keyof DocumentLineFieldValues;

const compact = (header: string) => header.toLowerCase().replace(/[\s_\-.#]/g, '');

/** The names suppliers give the columns, compacted (lower case, no spaces, - _ . or #). */
const headerNames: Record<string, LineField> = {
  productcode: 'productCode',
  code: 'productCode',
  sku: 'productCode',
  item: 'productCode',
  itemcode: 'productCode',
  article: 'productCode',
  quantity: 'quantity',
  qty: 'quantity',
  units: 'quantity',
  unit: 'quantityUnit',
  uom: 'quantityUnit',
  quantityunit: 'quantityUnit',
  linereference: 'externalLineReference',
  externallinereference: 'externalLineReference',
  line: 'externalLineReference',
  lineref: 'externalLineReference',
  reference: 'externalLineReference',
};

export type PackingListProblem = { row: number; message: string };

/**
 * What the lookups found for each code of the file: the product's code as the warehouse has it (which may
 * differ in letter case: `tee-org-blk-m` is TEE-ORG-BLK-M), or null when no product has it. A code not
 * in the map was not found out (its lookup failed) and is left for the create to judge.
 */
export type ProductCodesFound = ReadonlyMap<string, string | null>;

/**
 * The lines of a packing list, each read as the receive form reads a line (a unit of UNT where the file
 * names none), its code as the warehouse has it, or the rows that cannot be lines with the form's words
 * for why. Rows are numbered as a spreadsheet numbers them.
 */
export function readPackingList(
  table: CsvTable,
  found: ProductCodesFound = new Map(),
): { lines: DocumentLineFieldValues[]; problems: PackingListProblem[] } {
  const columns = table.headers.map((header) => headerNames[compact(header)]);
  const lines: DocumentLineFieldValues[] = [];
  const problems: PackingListProblem[] = [];
  if (!columns.includes('productCode') || !columns.includes('quantity')) {
    problems.push({
      row: 1,
      message: 'The header needs a product code column (code or SKU) and a quantity column',
    });
    return { lines, problems };
  }
  table.rows.forEach((cells, index) => {
    const row = table.rowNumbers[index] as number;
    // No quantity unless the file gives one: an empty cell is a missing quantity, not one unit.
    const line: DocumentLineFieldValues = { ...blankDocumentLine(), quantity: '' };
    columns.forEach((field, at) => {
      const cell = (cells[at] ?? '').trim();
      if (field && cell !== '') line[field] = cell;
    });
    const read = documentLineFieldsSchema.safeParse(line);
    if (!read.success) {
      for (const issue of read.error.issues) problems.push({ row, message: issue.message });
    } else if (found.get(read.data.productCode) === null) {
      problems.push({ row, message: `No product has the code ${read.data.productCode}` });
    } else {
      const productCode = found.get(read.data.productCode) ?? read.data.productCode;
      lines.push({ ...line, productCode, quantity: read.data.quantity });
    }
  });
  return { lines, problems };
}

/** The distinct product codes of a packing list, to look up before reading it. */
export function packingListCodes(table: CsvTable): string[] {
  const at = table.headers.findIndex((header) => headerNames[compact(header)] === 'productCode');
  if (at < 0) return [];
  return [...new Set(table.rows.map((cells) => (cells[at] ?? '').trim()).filter((code) => code !== ''))];
}
