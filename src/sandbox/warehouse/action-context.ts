import type { Product } from '../../contract/product';
import type { RuleProblem } from '../../contract/product-rules';
import type { StockLot } from './stock-picking';

export type ProductFacts = Pick<
  Product,
  'productCode' | 'pickMode' | 'productAttributes' | 'weightPerProduct' | 'weightPerProductUnit'
>;

/** What the pure document changes need from the world: the clock, the packet's serial key, products, ids. */
export type ActionContext = {
  now: Date;
  serialKey: string;
  /** The packet's attribute keys: sublines may carry no others. */
  attributeKeys: readonly string[];
  product(productCode: string): ProductFacts | undefined;
  newId(): string;
  /** The lots and serial numbers on the shelf, which a shipment picks from; without it, none are. */
  stockOf?(warehouseCode: string, productCode: string): readonly StockLot[];
};

/** A line is named by lineNumber, or by productCode when exactly one line carries it. */
export type LineSelector = { lineNumber?: string; productCode?: string };

type SelectableLine = { lineNumber?: string | number; productCode: string };

export function selectLine<T extends SelectableLine>(
  lines: readonly T[],
  selector: LineSelector,
): { line: T } | { problem: string; member: 'lineNumber' | 'productCode' } {
  if (selector.lineNumber !== undefined) {
    const line = lines.find((candidate) => String(candidate.lineNumber) === selector.lineNumber);
    if (!line) {
      const known = lines.map((candidate) => candidate.lineNumber).join(', ');
      return {
        problem: `There is no line ${selector.lineNumber}; the lines are ${known}`,
        member: 'lineNumber',
      };
    }
    return { line };
  }
  if (selector.productCode !== undefined) {
    const matches = lines.filter((candidate) => candidate.productCode === selector.productCode);
    if (matches.length === 1) return { line: matches[0] as T };
    return {
      problem:
        matches.length === 0
          ? `No line carries product ${selector.productCode}`
          : `Product ${selector.productCode} is on several lines: name the lineNumber`,
      member: 'productCode',
    };
  }
  return { problem: 'Name the line by lineNumber or productCode', member: 'lineNumber' };
}

/** Problems with the part attribute keys of sublines sent in a body, each with its path. */
export function sublineKeyProblems(
  sublines: readonly { partAttributes: readonly { key: string }[] }[] | undefined,
  attributeKeys: readonly string[],
  path: (string | number)[],
): RuleProblem[] {
  return (sublines ?? []).flatMap((subline, sublineIndex) =>
    subline.partAttributes.flatMap((attribute, attributeIndex) =>
      attributeKeys.includes(attribute.key)
        ? []
        : [
            {
              path: [...path, 'sublines', sublineIndex, 'partAttributes', attributeIndex, 'key'],
              message: `Unknown attribute key ${attribute.key}. The operator configured: ${attributeKeys.join(', ')}`,
            },
          ],
    ),
  );
}

const OUNCES_PER_POUND = 16;
const POUNDS_PER_KILOGRAM = 2.20462;

/** A product's unit weight in pounds (0 when unknown). */
export function unitWeightLb(product: ProductFacts | undefined): number {
  const weight = product?.weightPerProduct ?? 0;
  switch (product?.weightPerProductUnit?.toUpperCase()) {
    case 'OZ':
      return weight / OUNCES_PER_POUND;
    case 'KG':
      return weight * POUNDS_PER_KILOGRAM;
    case 'G':
      return (weight / 1000) * POUNDS_PER_KILOGRAM;
    default:
      return weight;
  }
}

export function round(value: number, decimals = 2): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}
