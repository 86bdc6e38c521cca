import type { Order } from '@/contract/order';
import type { Receive } from '@/contract/receive';
import { returnReasonOf } from '@/contract/return-references';
import { formatNumber } from '@/domain/format';
import { lineFulfillment } from '@/domain/line-fulfillment';
import type { ReceiveCompleteness } from '@/domain/receive-completeness';
import { refundableUnits } from '@/domain/return-allowance';

/** One product of the return against the original order: shipped out, announced back, received back. */
export type ReturnLineRow = {
  productCode: string;
  quantityUnit?: string;
  /** Null when the product is not on the original order, or the order is not known. */
  shipped: number | null;
  announced: number;
  received: number;
  reasons: string[];
};

/**
 * The original order's lines, each with what the return announced and what came back of that product and
 * why; then products of the return the order does not have. An order line that does not come back shows
 * zeros, so the whole order is in view.
 */
export function returnLineRows(
  order: Order | null,
  receive: Receive,
  completeness: ReceiveCompleteness,
): ReturnLineRow[] {
  const rows: ReturnLineRow[] = (order ? lineFulfillment(order).lines : []).map(({ line, shipped }) => ({
    productCode: line.productCode,
    quantityUnit: line.quantityUnit,
    shipped,
    announced: 0,
    received: 0,
    reasons: [],
  }));
  const rowOf = (productCode: string, quantityUnit?: string) => {
    const found = rows.find((row) => row.productCode === productCode);
    if (found) return found;
    const added: ReturnLineRow = {
      productCode,
      quantityUnit,
      shipped: null,
      announced: 0,
      received: 0,
      reasons: [],
    };
    rows.push(added);
    return added;
  };
  for (const line of completeness.lines) {
    const row = rowOf(line.productCode, line.quantityUnit);
    row.announced += line.announced;
    row.received += line.received;
    const reason = line.unannounced ? undefined : returnReasonOf(receive, line);
    if (reason && !row.reasons.includes(reason)) row.reasons.push(reason);
  }
  return rows;
}

/**
 * Once the warehouse finalized the return with every announced unit back, what it refunds: per product the
 * units no earlier return of the order received, and the units it does not refund and why. Null before then,
 * or when the order is not known (what it shipped cannot be checked).
 */
export function refundOf(
  order: Order | null,
  receive: Receive,
  completeness: ReceiveCompleteness,
  orderReturns: readonly Receive[],
): { refund: string[]; notRefunded: string[] } | null {
  const finished =
    receive.status === 'FIN' &&
    completeness.announced > 0 &&
    completeness.receivedOfAnnounced >= completeness.announced;
  if (!order || !finished) return null;
  const products = refundableUnits(order, receive, orderReturns);
  const units = (quantity: number, productCode: string) => `${formatNumber(quantity)} × ${productCode}`;
  return {
    refund: products
      .filter((product) => product.refundable > 0)
      .map((product) => units(product.refundable, product.productCode)),
    notRefunded: products
      .filter((product) => product.refundable < product.received)
      .map((product) => {
        const left = units(product.received - product.refundable, product.productCode);
        return product.countedBy.length > 0
          ? `${left} already counted by ${product.countedBy.join(', ')}`
          : `${left} more than ${order.primaryReference} shipped`;
      }),
  };
}
