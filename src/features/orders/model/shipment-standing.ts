import type { OrderState } from '../../../contract/index-lists';
import type { Milestone, Order, OrderShipment } from '../../../contract/order';
import { lineFulfillment } from '../../../lib/line-fulfillment';

/** Where one shipment stands, as a person asks it: its state, since when, and why when the warehouse said. */
export type ShipmentStanding = {
  /** The order state a shipment in this status stands for; undefined for a status the console does not know. */
  state: OrderState | undefined;
  /** "Shipped on", "Canceled on", "On hold since"…, before the date. */
  when: string;
  date: string | undefined;
  /** The reason the warehouse gave for a hold or a cancellation. */
  reason: string | null;
};

const standings: Record<string, { state: OrderState; when: string; milestone: string }> = {
  ENT: { state: 'entered', when: 'Entered on', milestone: 'WHE' },
  PIC: { state: 'picking', when: 'Picking since', milestone: 'WHI' },
  HEL: { state: 'held', when: 'On hold since', milestone: 'HEL' },
  FIN: { state: 'shipped', when: 'Shipped on', milestone: 'FIN' },
  CAN: { state: 'canceled', when: 'Canceled on', milestone: 'CAN' },
};

function newest(milestones: readonly Milestone[], code: string): Milestone | undefined {
  return milestones.filter((milestone) => milestone.code === code).at(-1);
}

/** A milestone's description past its bare word ("On hold: Payment under review" → the reason). */
function reasonOf(milestone: Milestone | undefined, word: string): string | null {
  const rest = milestone?.description?.replace(new RegExp(`^${word}:?\\s*`, 'i'), '').trim();
  return rest || null;
}

export function shipmentStanding(shipment: OrderShipment): ShipmentStanding {
  const known = standings[shipment.status];
  if (!known)
    return { state: undefined, when: 'Last updated on', date: shipment.dateLastUpdated, reason: null };
  const milestone = newest(shipment.milestones, known.milestone);
  const date =
    (known.state === 'shipped' ? shipment.actualShipDate : undefined) ??
    milestone?.actualDate ??
    (known.state === 'entered' ? shipment.dateCreated : shipment.dateLastUpdated) ??
    undefined;
  const reason =
    known.state === 'held'
      ? reasonOf(milestone, 'on hold')
      : known.state === 'canceled'
        ? reasonOf(milestone, 'canceled')
        : null;
  return { state: known.state, when: known.when, date, reason };
}

export type OwedProduct = { productCode: string; unit: string | undefined; owed: number };

/**
 * Ordered minus shipped and canceled, per product (finalized shipments only), 0 when everything left or
 * what did not was canceled: canceled units are owed to nobody.
 */
export function stillOwed(order: Pick<Order, 'orderLines' | 'shipments'>): OwedProduct[] {
  const byProduct = new Map<string, OwedProduct>();
  for (const { line, ordered, shipped, canceled } of lineFulfillment(order).lines) {
    const entry = byProduct.get(line.productCode) ?? {
      productCode: line.productCode,
      unit: line.quantityUnit,
      owed: 0,
    };
    // Six decimals, as quantities are kept elsewhere: 0.1 + 0.2 owes nothing more than 0.3.
    entry.owed = Math.round((entry.owed + Math.max(0, ordered - shipped - canceled)) * 1e6) / 1e6;
    byProduct.set(line.productCode, entry);
  }
  return [...byProduct.values()];
}
