import { type ProductCreate, productCreateSchema } from '../../contract/product';
import type { CheckedRow, ImportedRow, RowProblem } from '../../contract/product-import';
import { echoed, productImportLimits } from '../../contract/product-import';
import { type AneRule, type AttributePacket, refusedAttributeProblems } from '../../contract/product-rules';

/** A row the checks let through, with the product as the contract reads it. */
export type ReadyRow = { row: number; product: ProductCreate };

/** A row's product code as sent, trimmed; '' when it has none. */
export const codeOf = (row: ImportedRow) =>
  typeof row.product.productCode === 'string' ? row.product.productCode.trim() : '';

/**
 * Each row checked as the New product form checks it (the create contract, then the packet's attribute
 * rules under the ANE rule), then against the rows before it: a code met earlier in the file (in any
 * letter case, as the index compares codes) is "also on row N". Codes in `held` (lowered) are already
 * at the warehouse. At most `problemsPerRow` problems are listed per row.
 */
export function checkImportedRows(
  rows: readonly ImportedRow[],
  { packet, aneRule, held }: { packet: AttributePacket; aneRule: AneRule; held: ReadonlySet<string> },
): { checked: CheckedRow[]; ready: ReadyRow[] } {
  const firstRowOf = new Map<string, number>();
  const checked: CheckedRow[] = [];
  const ready: ReadyRow[] = [];
  for (const row of rows) {
    const productCode = echoed(codeOf(row));
    const parsed = productCreateSchema.safeParse(row.product);
    const problems: RowProblem[] = parsed.success
      ? []
      : parsed.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }));
    const rules = parsed.success ? refusedAttributeProblems(parsed.data, packet, aneRule) : [];
    problems.push(...rules.map((rule) => ({ field: rule.path.join('.'), message: rule.message })));
    const key = codeOf(row).toLowerCase();
    const earlier = key === '' ? undefined : firstRowOf.get(key);
    if (earlier !== undefined)
      problems.push({ field: 'productCode', message: `${productCode} is also on row ${earlier}` });
    else if (key !== '') firstRowOf.set(key, row.row);
    const outcome = problems.length > 0 ? 'errors' : held.has(key) ? 'exists' : 'ready';
    checked.push({
      row: row.row,
      productCode,
      outcome,
      problems: problems.slice(0, productImportLimits.problemsPerRow),
    });
    if (outcome === 'ready' && parsed.success) ready.push({ row: row.row, product: parsed.data });
  }
  return { checked, ready };
}
