import type { KeyValue } from '../contract/common';
import type { Order } from '../contract/order';
import { RETURN_SUBTYPE, type Receive } from '../contract/receive';
import { lineFulfillment } from './line-fulfillment';

// Stock as the console counts it: from the records it holds (each one's latest version), never the
// warehouse's own count. Each record moves units of a product in a warehouse under a lot (or serial number,
// '' when none was captured); the stock of a lot is the sum of what every record held moves of it. Both
// engines keep each record's movements as rows and sum them; the sums and their flags are worked out here.

/** What one record moves of one product, in one warehouse, under one lot (or serial, or '' for none). */
export type StockMovement = {
  productCode: string;
  warehouse: string;
  lot: string;
  /** The lot's expiry date (YYYY-MM-DD) where one was captured, else null. */
  expiry: string | null;
  /** Into stock: finalized shipments of receives. */
  received: number;
  /** Into stock: finalized shipments of returns. */
  returned: number;
  /** Out of stock: finalized shipments of orders. */
  shipped: number;
  /** Announced on receives still open and not received yet. */
  incoming: number;
  /** Ordered on orders still open and not shipped or canceled yet. */
  committed: number;
};

/** A lot (or serial) of a product in a warehouse, as the console counts it, and what does not add up. */
export type StockLevel = StockMovement & {
  /** received + returned − shipped. */
  onHand: number;
  /** `shipped_unreceived`: a lot shipped that no record brought in; `below_zero`: more out than in. */
  flags: StockFlag[];
};
export type StockFlag = 'shipped_unreceived' | 'below_zero';

const counts = ['received', 'returned', 'shipped', 'incoming', 'committed'] as const;
type Count = (typeof counts)[number];

/** The expiry attribute, however a packet names it (EXP, EXPIRY, EXP_DATE, BEST_BEFORE_EXP; not EXPORT). */
export const isExpiryKey = (key: string) => /(^|_)EXP(IRY|IRATION|DATE)?(_|$)/i.test(key);

/**
 * The expiry date a lot was captured with, when it reads as YYYY-MM-DD (compared as text, which orders
 * such dates); any other text is no expiry, rather than a date guessed in the wrong order.
 */
export function expiryOf(partAttributes: readonly KeyValue[]): string | null {
  const value = partAttributes.find((attribute) => isExpiryKey(attribute.key))?.value ?? null;
  return value !== null && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null;
}

/** A subline's lot: its values other than the expiry date, trimmed, in the order captured ('' for none). */
export function lotOf(partAttributes: readonly KeyValue[]): string {
  return partAttributes
    .filter((attribute) => !isExpiryKey(attribute.key) && attribute.value.trim() !== '')
    .map((attribute) => attribute.value.trim())
    .join(' · ');
}

/** Units as the documents count them, rounded so that 0.1 + 0.2 adds up to 0.3. */
const rounded = (units: number) => Math.round(units * 1e6) / 1e6;

const keyOf = (movement: Pick<StockMovement, 'productCode' | 'warehouse' | 'lot'>) =>
  JSON.stringify([movement.productCode, movement.warehouse, movement.lot]);

/** Movements summed by product, warehouse and lot, each lot with its earliest expiry; zero rows left out. */
export function mergeMovements(movements: readonly StockMovement[]): StockMovement[] {
  const merged = new Map<string, StockMovement>();
  for (const movement of movements) {
    const key = keyOf(movement);
    const held = merged.get(key);
    if (!held) {
      merged.set(key, { ...movement });
      continue;
    }
    for (const count of counts) held[count] = rounded(held[count] + movement[count]);
    if (movement.expiry !== null && (held.expiry === null || movement.expiry < held.expiry)) {
      held.expiry = movement.expiry;
    }
  }
  return [...merged.values()].filter((movement) => counts.some((count) => movement[count] !== 0));
}

type Sublined = {
  productCode: string;
  quantity: number;
  sublines: { quantity: number; partAttributes: KeyValue[] }[];
};

/** A shipment line's units by lot: each subline's under its lot, the rest of the line under ''. */
function unitsByLot(line: Sublined, warehouse: string, count: Count): StockMovement[] {
  const movement = (lot: string, expiry: string | null, units: number): StockMovement => ({
    productCode: line.productCode,
    warehouse,
    lot,
    expiry,
    received: 0,
    returned: 0,
    shipped: 0,
    incoming: 0,
    committed: 0,
    [count]: rounded(units),
  });
  const sublined = line.sublines.map((subline) =>
    movement(lotOf(subline.partAttributes), expiryOf(subline.partAttributes), subline.quantity),
  );
  const rest = rounded(line.quantity - line.sublines.reduce((sum, subline) => sum + subline.quantity, 0));
  return rest > 0 ? [...sublined, movement('', null, rest)] : sublined;
}

const nothing = { received: 0, returned: 0, shipped: 0, incoming: 0, committed: 0 };

/** What a receive or return moves: its finalized shipments in; what an open receive has yet to bring, incoming. */
export function stockMovementsOfReceive(receive: Receive): StockMovement[] {
  const into: Count = receive.subtype === RETURN_SUBTYPE ? 'returned' : 'received';
  const warehouseOf = (shipment: { warehouseCode?: string }) =>
    shipment.warehouseCode || receive.warehouseCode || '';
  const finalized = receive.shipments.filter((shipment) => shipment.status === 'FIN');
  const moved = finalized.flatMap((shipment) =>
    shipment.receiveLines.map((line) => ({ line, warehouse: warehouseOf(shipment) })),
  );
  const movements = moved.flatMap(({ line, warehouse }) => unitsByLot(line, warehouse, into));
  if (receive.status === 'PRS' && into === 'received') {
    const arrived = new Map<string, number>();
    for (const { line } of moved)
      arrived.set(line.productCode, (arrived.get(line.productCode) ?? 0) + line.quantity);
    const announced = new Map<string, number>();
    for (const line of receive.receiveLines) {
      announced.set(line.productCode, (announced.get(line.productCode) ?? 0) + line.quantity);
    }
    for (const [productCode, units] of announced) {
      const incoming = rounded(units - (arrived.get(productCode) ?? 0));
      if (incoming <= 0) continue;
      movements.push({
        productCode,
        warehouse: warehouseOf({}),
        lot: '',
        expiry: null,
        ...nothing,
        incoming,
      });
    }
  }
  return mergeMovements(movements);
}

/** What an order moves: its finalized shipments out; what an open order has yet to ship, committed. */
export function stockMovementsOfOrder(order: Order): StockMovement[] {
  const orderWarehouse = order.warehouseCode ?? '';
  const movements = order.shipments
    .filter((shipment) => shipment.status === 'FIN')
    .flatMap((shipment) =>
      shipment.shipmentLines.flatMap((line) =>
        unitsByLot(line, shipment.warehouseCode || orderWarehouse, 'shipped'),
      ),
    );
  if (order.status !== 'FIN' && order.status !== 'CAN') {
    for (const line of lineFulfillment(order).lines) {
      const committed = rounded(line.ordered - line.shipped - line.canceled);
      if (committed <= 0) continue;
      movements.push({
        productCode: line.line.productCode,
        warehouse: orderWarehouse,
        lot: '',
        expiry: null,
        ...nothing,
        committed,
      });
    }
  }
  return mergeMovements(movements);
}

/** A lot's level from its summed movements: what is on hand, and what does not add up. */
export function stockLevelOf(movement: StockMovement): StockLevel {
  const onHand = rounded(movement.received + movement.returned - movement.shipped);
  const flags: StockFlag[] = [];
  if (movement.lot !== '' && movement.shipped > 0 && movement.received + movement.returned === 0) {
    flags.push('shipped_unreceived');
  }
  if (onHand < 0) flags.push('below_zero');
  return { ...movement, onHand, flags };
}

/** Whether a lot counts as expiring by `lastDay` (YYYY-MM-DD): units on hand and an expiry on or before it. */
export const expiresBy = (level: StockLevel, lastDay: string) =>
  level.onHand > 0 && level.expiry !== null && level.expiry <= lastDay;
