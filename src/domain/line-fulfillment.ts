import type { Order, OrderLine, OrderShipment, ShipmentLine } from '../contract/order';

/**
 * full, short, over: compared once the warehouse is done with the order;
 * pending: less than ordered has shipped so far but a shipment is still open;
 * canceled: what did not ship was canceled (its shipments canceled), so nothing is owed and nothing is short.
 */
export type FulfillmentState = 'full' | 'short' | 'over' | 'pending' | 'canceled';

export type LineFulfillment = {
  line: OrderLine;
  ordered: number;
  shipped: number;
  /** Units of the line that will not ship because their shipment was canceled (never more than unshipped). */
  canceled: number;
  state: FulfillmentState;
};

export type OrderFulfillment = {
  lines: LineFulfillment[];
  /** Shipped lines that match no order line: shown so nothing that left the warehouse is hidden. */
  unmatched: { productCode: string; shipped: number }[];
};

const finalShipmentStatuses = ['FIN', 'CAN'];

/**
 * A shipment line belongs to the order line with the same line number, else the same external reference, else
 * the same product.
 */
function matchOrderLine(lines: OrderLine[], shipped: ShipmentLine): number {
  const byNumber =
    shipped.lineNumber === undefined
      ? -1
      : lines.findIndex(
          (line) => line.lineNumber !== undefined && String(line.lineNumber) === String(shipped.lineNumber),
        );
  if (byNumber >= 0) return byNumber;
  const byReference = shipped.externalLineReference
    ? lines.findIndex((line) => line.externalLineReference === shipped.externalLineReference)
    : -1;
  if (byReference >= 0) return byReference;
  return lines.findIndex((line) => line.productCode === shipped.productCode);
}

const isOpen = (shipment: OrderShipment) => !finalShipmentStatuses.includes(shipment.status);

/**
 * The units of a line not shipped that were canceled: those on its canceled shipments, or all of them when
 * every shipment was canceled (a canceled shipment may list no lines).
 */
function canceledUnits(ordered: number, shipped: number, onCanceled: number, shipments: OrderShipment[]) {
  const unshipped = Math.max(0, ordered - shipped);
  const allCanceled = shipments.length > 0 && shipments.every((shipment) => shipment.status === 'CAN');
  return allCanceled ? unshipped : Math.min(unshipped, onCanceled);
}

function stateOf(ordered: number, shipped: number, canceled: number, shipments: OrderShipment[]) {
  if (shipped === ordered) return 'full';
  if (shipped > ordered) return 'over';
  if (shipments.length === 0 || shipments.some(isOpen)) return 'pending';
  return shipped + canceled >= ordered ? 'canceled' : 'short';
}

/** Adds each shipment line of `shipments` to its order line; lines that match none go to `unmatched`. */
function sumPerLine(lines: OrderLine[], shipments: OrderShipment[], unmatched?: Map<string, number>) {
  const sums = lines.map(() => 0);
  for (const shipmentLine of shipments.flatMap((shipment) => shipment.shipmentLines)) {
    const index = matchOrderLine(lines, shipmentLine);
    if (index >= 0) sums[index] += shipmentLine.quantity;
    else
      unmatched?.set(
        shipmentLine.productCode,
        (unmatched.get(shipmentLine.productCode) ?? 0) + shipmentLine.quantity,
      );
  }
  return sums;
}

/**
 * Ordered against shipped per order line, summed over the order's finalized shipments; units on canceled
 * shipments count as canceled, not short.
 */
export function lineFulfillment(order: Pick<Order, 'orderLines' | 'shipments'>): OrderFulfillment {
  const unmatched = new Map<string, number>();
  const withStatus = (status: string) => order.shipments.filter((shipment) => shipment.status === status);
  const shippedPerLine = sumPerLine(order.orderLines, withStatus('FIN'), unmatched);
  const onCanceledPerLine = sumPerLine(order.orderLines, withStatus('CAN'));
  return {
    lines: order.orderLines.map((line, index) => {
      const shipped = shippedPerLine[index];
      const canceled = canceledUnits(line.quantity, shipped, onCanceledPerLine[index], order.shipments);
      const state: FulfillmentState = stateOf(line.quantity, shipped, canceled, order.shipments);
      return { line, ordered: line.quantity, shipped, canceled, state };
    }),
    unmatched: [...unmatched].map(([productCode, shipped]) => ({ productCode, shipped })),
  };
}
