import type { Order } from '../../../contract/order';
import type { Receive } from '../../../contract/receive';
import { returnReasonOf } from '../../../contract/return-references';
import { lineFulfillment } from '../../../lib/line-fulfillment';
import type { ReceiveCompleteness } from '../../../lib/receive-completeness';

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

/** Finalized with every announced unit back: the customer can be refunded. */
export function isReadyToRefund(receive: Receive, completeness: ReceiveCompleteness): boolean {
  return (
    receive.status === 'FIN' &&
    completeness.announced > 0 &&
    completeness.receivedOfAnnounced >= completeness.announced
  );
}
