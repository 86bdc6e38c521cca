import type { Package, ShipmentLine } from '../../contract/order';
import type { RuleProblem } from '../../contract/product-rules';
import type { ActionPackage } from '../../contract/sandbox-actions';
import { type ActionContext, round, unitWeightLb } from './action-context';
import { ActionInputError } from './action-errors';

type PackedLine = Package['packedLines'][number];

/**
 * Spreads each line's quantity as evenly as whole units allow over the packages. The units left over go
 * to the packages after those the previous line's went to, so that no package stays empty while another
 * holds more than one line's share.
 */
function spreadOver(lines: readonly ShipmentLine[], packageCount: number): PackedLine[][] {
  const packed: PackedLine[][] = Array.from({ length: packageCount }, () => []);
  let next = 0;
  for (const line of lines) {
    const whole = Number.isInteger(line.quantity);
    const share = whole ? Math.floor(line.quantity / packageCount) : line.quantity / packageCount;
    const remainder = whole ? line.quantity - share * packageCount : 0;
    packed.forEach((contents, index) => {
      const extra = (index - next + packageCount) % packageCount < remainder ? 1 : 0;
      const quantity = share + extra;
      if (quantity > 0) {
        contents.push({
          quantity,
          orderLineReference: String(line.lineNumber),
          productCode: line.productCode,
        });
      }
    });
    next = (next + remainder) % packageCount;
  }
  return packed;
}

/** Dimensions in meters by weight class, since the sandbox knows no box sizes. */
function boxFor(weightLb: number) {
  if (weightLb < 2) return { length: 0.3, width: 0.22, height: 0.12 };
  if (weightLb < 15) return { length: 0.4, width: 0.3, height: 0.25 };
  return { length: 0.6, width: 0.4, height: 0.4 };
}

const PACKAGING_WEIGHT_LB = 0.4;

/**
 * The packages a shipment leaves in: those sent (their packed lines checked against what ships, weight and
 * size filled in where left out), or one BOX with everything. `shipmentSeed` names packages sent unnamed.
 */
export function packagesFor(
  shipmentSeed: string,
  lines: readonly ShipmentLine[],
  requested: readonly ActionPackage[] | undefined,
  context: ActionContext,
): Package[] {
  const given = requested ?? [{ packageType: 'BOX', weightUnit: 'LB', dimUnit: 'M' }];
  const problems: RuleProblem[] = [];
  const spread = spreadOver(lines, given.length);
  const anyPacked = given.some((pack) => pack.packedLines !== undefined);
  const packedPerLine = new Map<string, number>();

  const packages = given.map((pack, packIndex): Package => {
    const packedLines: PackedLine[] = [];
    if (!anyPacked) packedLines.push(...(spread[packIndex] ?? []));
    (pack.packedLines ?? []).forEach((packedLine, lineIndex) => {
      const match = lines.find(
        (line) =>
          (packedLine.orderLineReference !== undefined &&
            (String(line.lineNumber) === packedLine.orderLineReference ||
              line.externalLineReference === packedLine.orderLineReference)) ||
          (packedLine.orderLineReference === undefined && line.productCode === packedLine.productCode),
      );
      if (!match) {
        problems.push({
          path: ['packages', packIndex, 'packedLines', lineIndex, 'orderLineReference'],
          message: `Packed line ${packedLine.orderLineReference ?? packedLine.productCode ?? ''} is not among the lines that ship`,
        });
        return;
      }
      const lineNumber = String(match.lineNumber);
      packedPerLine.set(lineNumber, (packedPerLine.get(lineNumber) ?? 0) + packedLine.quantity);
      packedLines.push({
        quantity: packedLine.quantity,
        orderLineReference: lineNumber,
        ...(packedLine.orderSubLineReference
          ? { orderSubLineReference: packedLine.orderSubLineReference }
          : {}),
        productCode: match.productCode,
      });
    });
    const contentWeight = packedLines.reduce(
      (sum, packed) => sum + unitWeightLb(context.product(packed.productCode ?? '')) * packed.quantity,
      0,
    );
    const weight = pack.weight ?? round(contentWeight + PACKAGING_WEIGHT_LB);
    const box = boxFor(weight);
    return {
      packageReference: pack.packageReference ?? `${shipmentSeed.replace('#', '-')}-${packIndex + 1}`,
      packageType: pack.packageType,
      weight,
      weightUnit: pack.weightUnit,
      length: pack.length ?? box.length,
      width: pack.width ?? box.width,
      height: pack.height ?? box.height,
      dimUnit: pack.dimUnit,
      packedLines,
    };
  });
  packages.forEach((pack, packIndex) => {
    // A package whose packed lines are all wrong is reported by them.
    if (pack.packedLines.length === 0 && !given[packIndex]?.packedLines?.length) {
      problems.push({
        path: ['packages', packIndex],
        message: `Package ${packIndex + 1} would hold nothing: every package holds something of what ships`,
      });
    }
  });
  for (const line of lines) {
    const packed = packedPerLine.get(String(line.lineNumber)) ?? 0;
    if (packed > line.quantity) {
      problems.push({
        path: ['packages'],
        message: `The packages hold ${packed} of line ${line.lineNumber}, but only ${line.quantity} ship`,
      });
    }
  }
  if (problems.length > 0) throw new ActionInputError(problems);
  return packages;
}
