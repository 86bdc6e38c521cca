import type { Order, OrderLine, OrderShipment, ShipmentLine } from '../contract/order';

/**
 * full, short, over: compared once the warehouse is done with the order;
 * pending: less than ordered has shipped so far but a shipment is still open;
 * canceled: every shipment was canceled, so nothing will ship.
 */
export type FulfillmentState = 'full' | 'short' | 'over' | 'pending' | 'canceled';

export type LineFulfillment = {
  line: OrderLine;
  ordered: number;
  shipped: number;
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

function stateOf(ordered: number, shipped: number, shipments: OrderShipment[]): FulfillmentState {
  if (shipped === ordered) return 'full';
  if (shipped > ordered) return 'over';
  if (shipments.length > 0 && shipments.every((shipment) => shipment.status === 'CAN')) return 'canceled';
  const stillOpen = shipments.some((shipment) => !finalShipmentStatuses.includes(shipment.status));
  return stillOpen || shipments.length === 0 ? 'pending' : 'short';
}

/** Ordered against shipped per order line, summed over the order's finalized shipments. */
export function lineFulfillment(order: Pick<Order, 'orderLines' | 'shipments'>): OrderFulfillment {
  const shippedPerLine = order.orderLines.map(() => 0);
  const unmatched = new Map<string, number>();
  for (const shipment of order.shipments) {
    if (shipment.status !== 'FIN') continue;
    for (const shippedLine of shipment.shipmentLines) {
      const index = matchOrderLine(order.orderLines, shippedLine);
      if (index >= 0) shippedPerLine[index] += shippedLine.quantity;
      else
        unmatched.set(
          shippedLine.productCode,
          (unmatched.get(shippedLine.productCode) ?? 0) + shippedLine.quantity,
        );
    }
  }
  return {
    lines: order.orderLines.map((line, index) => ({
      line,
      ordered: line.quantity,
      shipped: shippedPerLine[index],
      state: stateOf(line.quantity, shippedPerLine[index], order.shipments),
    })),
    unmatched: [...unmatched].map(([productCode, shipped]) => ({ productCode, shipped })),
  };
}
