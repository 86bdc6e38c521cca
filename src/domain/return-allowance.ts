import type { Order } from '../contract/order';
import type { Receive } from '../contract/receive';
import { formatNumber } from './format';
import { lineFulfillment } from './line-fulfillment';
import { computeReceiveCompleteness } from './receive-completeness';

/**
 * The rules that keep an order's returns within what it shipped, shared by the return form, the return page,
 * the order page and the demo data's test: per product, what the order shipped, what its returns claim back,
 * and which of the units a return received are its own to refund.
 */

/** Quantities are kept to six decimals, as elsewhere: 0.1 + 0.2 is 0.3. */
const round = (value: number) => Math.round(value * 1e6) / 1e6;

const add = (sums: Map<string, number>, productCode: string, quantity: number) =>
  sums.set(productCode, round((sums.get(productCode) ?? 0) + quantity));

/** What the order's finalized shipments took to the customer, per product. */
export function shippedByProduct(order: Pick<Order, 'orderLines' | 'shipments'>): Map<string, number> {
  const shipped = new Map<string, number>();
  const fulfillment = lineFulfillment(order);
  for (const { line, shipped: quantity } of fulfillment.lines) add(shipped, line.productCode, quantity);
  for (const { productCode, shipped: quantity } of fulfillment.unmatched) add(shipped, productCode, quantity);
  return shipped;
}

/**
 * What a return holds back of each product: while open, what it announced (or more, if more came); once
 * finalized or canceled, only what arrived: units that never came may be sent again in another return.
 */
export function claimedBack(receive: Receive): Map<string, number> {
  const open = receive.status !== 'FIN' && receive.status !== 'CAN';
  const claimed = new Map<string, number>();
  for (const line of computeReceiveCompleteness(receive).lines)
    add(claimed, line.productCode, open ? Math.max(line.announced, line.received) : line.received);
  return claimed;
}

export type ProductAllowance = {
  productCode: string;
  shipped: number;
  /** What the order's other returns claim back of it. */
  claimed: number;
  /** Those returns, by reference, in the order given. */
  claimedBy: string[];
  /** What a new return may still announce: never below 0. */
  remaining: number;
};

/** Per product the order shipped: how much another return of it may still announce. */
export function returnAllowance(
  order: Pick<Order, 'orderLines' | 'shipments'>,
  returns: readonly Receive[],
): ProductAllowance[] {
  const claims = returns.map((receive) => ({
    reference: receive.primaryReference,
    claimed: claimedBack(receive),
  }));
  return [...shippedByProduct(order)].map(([productCode, shipped]) => {
    const claimedBy = claims.filter(({ claimed }) => (claimed.get(productCode) ?? 0) > 0);
    const claimed = round(claimedBy.reduce((sum, entry) => sum + (entry.claimed.get(productCode) ?? 0), 0));
    return {
      productCode,
      shipped,
      claimed,
      claimedBy: claimedBy.map((entry) => entry.reference),
      remaining: Math.max(0, round(shipped - claimed)),
    };
  });
}

/** "A", "A and B", "A, B and C", "A, B, C and 2 more". */
function namesInWords(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  const shown = names.length > 3 ? names.slice(0, 3) : names.slice(0, -1);
  const last = names.length > 3 ? `${formatNumber(names.length - 3)} more` : names.at(-1);
  return `${shown.join(', ')} and ${last}`;
}

/**
 * Why a return may announce no more of a product than this, with the numbers: "SO-1 shipped 2 × TAB;
 * returns RMA-1 and RMA-2 already announce 2 back; at most 0 more".
 */
export function allowanceInWords(orderReference: string, allowance: ProductAllowance): string {
  const shipped = `${orderReference} shipped ${formatNumber(allowance.shipped)} × ${allowance.productCode}`;
  if (allowance.claimedBy.length === 0) return `${shipped}; at most ${formatNumber(allowance.remaining)}`;
  const [returns, announce] =
    allowance.claimedBy.length === 1 ? ['return', 'announces'] : ['returns', 'announce'];
  return `${shipped}; ${returns} ${namesInWords(allowance.claimedBy)} already ${announce} ${formatNumber(allowance.claimed)} back; at most ${formatNumber(allowance.remaining)} more`;
}

/** Earlier first: by creation, then by reference, so every page counts the same return first. */
function createdBefore(a: Receive, b: Receive): number {
  return (
    Date.parse(a.dateCreated ?? '') - Date.parse(b.dateCreated ?? '') ||
    a.primaryReference.localeCompare(b.primaryReference)
  );
}

export type RefundableProduct = {
  productCode: string;
  /** What this return received of it, up to what it announced. */
  received: number;
  /** Of those, the units no earlier return of the order received: this return's to refund. */
  refundable: number;
  /** The earlier returns that received this product, by reference. */
  countedBy: string[];
};

/**
 * Which units `receive` may refund: per product, what it received of what it announced, less what the
 * order's earlier returns already received out of what it shipped. A unit is refunded once, by the return
 * that received it first.
 */
export function refundableUnits(
  order: Pick<Order, 'orderLines' | 'shipments'>,
  receive: Receive,
  orderReturns: readonly Receive[],
): RefundableProduct[] {
  const shipped = shippedByProduct(order);
  const earlier = orderReturns
    .filter(
      (other) => other.primaryReference !== receive.primaryReference && createdBefore(other, receive) < 0,
    )
    .map((other) => ({ reference: other.primaryReference, completeness: computeReceiveCompleteness(other) }));
  const receivedOf = (lines: ReturnType<typeof computeReceiveCompleteness>['lines']) => {
    const sums = new Map<string, number>();
    for (const line of lines) add(sums, line.productCode, Math.min(line.received, line.announced));
    return sums;
  };
  const earlierReceived = earlier.map(({ reference, completeness }) => ({
    reference,
    received: receivedOf(completeness.lines),
  }));
  return [...receivedOf(computeReceiveCompleteness(receive).lines)].map(([productCode, received]) => {
    const counted = earlierReceived.filter((entry) => (entry.received.get(productCode) ?? 0) > 0);
    const countedUnits = counted.reduce((sum, entry) => sum + (entry.received.get(productCode) ?? 0), 0);
    const left = Math.max(0, round((shipped.get(productCode) ?? 0) - countedUnits));
    return {
      productCode,
      received,
      refundable: Math.min(received, left),
      countedBy: counted.map((entry) => entry.reference),
    };
  });
}

/**
 * How many units `receive` has to refund that were not refunded before, the number the "ready to refund"
 * queue counts by. The interface knows no refund: a return is PRS, FIN or CAN, and the console calls one
 * ready to refund once finalized with every announced unit back (its page then lists what it refunds). So
 * a unit counts as refunded before when an earlier return of the same order received it, whatever that
 * return's state now: finalized, it was (or is being) refunded; still open, it is that return's to refund
 * when it finishes; canceled after it came, a person settles it, and the console never offers it twice.
 * Without the order (not named, or not indexed) nothing is known to be refunded before: every unit
 * received of what was announced counts.
 */
export function unitsToRefund(
  order: Pick<Order, 'orderLines' | 'shipments'> | null,
  receive: Receive,
  orderReturns: readonly Receive[],
): number {
  const products = order
    ? refundableUnits(order, receive, orderReturns).map((product) => product.refundable)
    : computeReceiveCompleteness(receive).lines.map((line) => Math.min(line.received, line.announced));
  return round(products.reduce((sum, units) => sum + units, 0));
}
