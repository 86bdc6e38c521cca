import type { KeyValue } from '../../contract/common';
import { limits } from '../../contract/limits';
import type { Subline } from '../../contract/order';
import type { Product } from '../../contract/product';
import { seededRandom } from './seeded-random';

export type AttributeProduct = Pick<Product, 'productCode' | 'pickMode' | 'productAttributes'>;

/**
 * Above this many units a serialized line is not split into one subline per unit (as many as a body may
 * send).
 */
const MAX_SERIAL_SUBLINES = limits.maxItems.sublines;

type CaptureInput = {
  product: AttributeProduct | undefined;
  quantity: number;
  /** Values the client sent on the line (for example the lot it wants); they win over generated ones. */
  requested: readonly KeyValue[];
  /** Receiving captures what is kept in inventory; shipping also captures what is scanned at release. */
  moment: 'receive' | 'ship';
  serialKey: string;
  seed: string;
  now: Date;
};

/**
 * The part attributes a warehouse worker captures, as sublines: one subline per unit carrying its serial
 * number for serialized products, otherwise one subline with the lot and expiry date. A product without
 * attributes (and no requested values) has no sublines.
 */
export function capturedSublines(input: CaptureInput): Subline[] {
  const { product, quantity, requested, moment, serialKey, seed, now } = input;
  const keys = (product?.productAttributes ?? [])
    .filter((attribute) => moment === 'ship' || attribute.requiredForWarehouseRelease !== true)
    .map((attribute) => attribute.key);
  for (const value of requested) if (!keys.includes(value.key)) keys.push(value.key);
  if (keys.length === 0 || quantity <= 0) return [];

  const random = seededRandom(`sublines:${seed}`);
  const fixed = new Map(requested.map((value) => [value.key, value.value]));
  const batchValue = (key: string): string => {
    const given = fixed.get(key);
    if (given !== undefined) return given;
    if (/EXP/i.test(key)) {
      const expiry = new Date(now.getTime() + random.int(120, 720) * 86_400_000);
      return expiry.toISOString().slice(0, 10);
    }
    return `${key}${random.alphanumeric(6)}`;
  };
  const batchKeys = keys.filter((key) => key !== serialKey);
  const batch = batchKeys.map((key) => ({ key, value: batchValue(key) }));

  const serialized = keys.includes(serialKey) && !fixed.has(serialKey);
  if (serialized && Number.isInteger(quantity) && quantity <= MAX_SERIAL_SUBLINES) {
    const prefix = (product?.productCode ?? 'SN')
      .replace(/[^A-Z0-9]/gi, '')
      .slice(0, 4)
      .toUpperCase();
    return Array.from({ length: quantity }, () => ({
      quantity: 1,
      partAttributes: [{ key: serialKey, value: `${prefix}${random.digits(8)}` }, ...batch],
    }));
  }
  const serial = fixed.get(serialKey);
  const attributes = serial === undefined ? batch : [{ key: serialKey, value: serial }, ...batch];
  return [{ quantity, partAttributes: attributes }];
}
