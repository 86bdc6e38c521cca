import type { OrderState } from '@/contract/index-lists';
import type { Milestone, Order, OrderShipment } from '@/contract/order';
import { formatFirstOf, formatNumber } from '@/domain/format';
import { lineFulfillment } from '@/domain/line-fulfillment';
import { orderShipmentStates } from '@/domain/record-states';

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

/** Since when a shipment stands where it is: the date beside its state's words, from this milestone. */
const standings: Record<string, { when: string; milestone: string }> = {
  ENT: { when: 'Entered on', milestone: 'WHE' },
  PIC: { when: 'Picking since', milestone: 'WHI' },
  HEL: { when: 'On hold since', milestone: 'HEL' },
  FIN: { when: 'Shipped on', milestone: 'FIN' },
  CAN: { when: 'Canceled on', milestone: 'CAN' },
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
  const known = Object.hasOwn(standings, shipment.status) ? standings[shipment.status] : undefined;
  const state = Object.hasOwn(orderShipmentStates, shipment.status)
    ? orderShipmentStates[shipment.status]
    : undefined;
  if (!known || !state)
    return { state: undefined, when: 'Last updated on', date: shipment.dateLastUpdated, reason: null };
  const milestone = newest(shipment.milestones, known.milestone);
  const date =
    (state === 'shipped' ? shipment.actualShipDate : undefined) ??
    milestone?.actualDate ??
    (state === 'entered' ? shipment.dateCreated : shipment.dateLastUpdated) ??
    undefined;
  const reason =
    state === 'held'
      ? reasonOf(milestone, 'on hold')
      : state === 'canceled'
        ? reasonOf(milestone, 'canceled')
        : null;
  return { state, when: known.when, date, reason };
}

export type ProductOutcome = {
  productCode: string;
  unit: string | undefined;
  shipped: number;
  /** Units whose shipment was canceled: owed to nobody. */
  canceled: number;
  /** Ordered less shipped and canceled, never below 0. */
  owed: number;
};

/** Six decimals, as quantities are kept elsewhere: 0.1 + 0.2 owes nothing more than 0.3. */
const round = (value: number) => Math.round(value * 1e6) / 1e6;

/** Per product, over its lines: what shipped (finalized shipments only), what was canceled, what is owed. */
export function productOutcomes(order: Pick<Order, 'orderLines' | 'shipments'>): ProductOutcome[] {
  const byProduct = new Map<string, ProductOutcome>();
  for (const { line, ordered, shipped, canceled } of lineFulfillment(order).lines) {
    const entry = byProduct.get(line.productCode) ?? {
      productCode: line.productCode,
      unit: line.quantityUnit,
      shipped: 0,
      canceled: 0,
      owed: 0,
    };
    entry.shipped = round(entry.shipped + shipped);
    entry.canceled = round(entry.canceled + canceled);
    entry.owed = round(entry.owed + Math.max(0, ordered - shipped - canceled));
    byProduct.set(line.productCode, entry);
  }
  return [...byProduct.values()];
}

/** Every product code on the order, its lines' and whatever its shipments sent: one request names them all. */
export function orderProductCodes(order: Pick<Order, 'orderLines' | 'shipments'>): string[] {
  return [
    ...order.orderLines.map((line) => line.productCode),
    ...order.shipments.flatMap((shipment) => shipment.shipmentLines.map((line) => line.productCode)),
  ];
}

/** Whether any unit left the warehouse: only then can the customer send something back. */
export function shippedAnything(order: Pick<Order, 'orderLines' | 'shipments'>): boolean {
  return productOutcomes(order).some((product) => product.shipped > 0);
}

/** Every unit of the order whose shipment was canceled: what the header says beside "Shipped". */
export function canceledUnits(order: Pick<Order, 'orderLines' | 'shipments'>): number {
  return round(productOutcomes(order).reduce((sum, product) => sum + product.canceled, 0));
}

const units = (
  products: ProductOutcome[],
  quantity: (product: ProductOutcome) => number,
  productName: (code: string) => string,
) =>
  formatFirstOf(
    products
      .filter((product) => quantity(product) > 0)
      .map((product) => `${formatNumber(quantity(product))} × ${productName(product.productCode)}`),
  );

/** "shipment 2", "shipments 2 and 3": the canceled shipments by their place on the page. */
function canceledShipments(shipments: readonly OrderShipment[]): string {
  const places = shipments.flatMap((shipment, index) => (shipment.status === 'CAN' ? [index + 1] : []));
  if (places.length === 1) return `shipment ${places[0]}`;
  return `shipments ${places.slice(0, -1).join(', ')} and ${places.at(-1)}`;
}

/**
 * What the customer is still owed, said after "Still owed:": what is owed per product; else nothing, saying
 * what shipped and what was canceled with which shipment when a shipment was canceled beside a shipped one,
 * so a split order never reads as if everything ordered shipped.
 */
export function owedInWords(
  order: Pick<Order, 'orderLines' | 'shipments'>,
  orderCanceled: boolean,
  productName: (code: string) => string = (code) => code,
): string {
  if (orderCanceled) return 'nothing, the order was canceled.';
  const products = productOutcomes(order);
  const owed = products.filter((product) => product.owed > 0);
  const anyCanceled = products.some((product) => product.canceled > 0);
  const canceled = anyCanceled
    ? `${units(products, (product) => product.canceled, productName)} canceled with ${canceledShipments(order.shipments)}`
    : '';
  if (owed.length > 0) {
    const owedList = units(products, (product) => product.owed, productName);
    return anyCanceled ? `${owedList}; ${canceled}.` : owedList;
  }
  if (!anyCanceled) return 'nothing, everything ordered has shipped.';
  const shipped = products.some((product) => product.shipped > 0)
    ? `${units(products, (product) => product.shipped, productName)} shipped and `
    : '';
  return `nothing, ${shipped}${canceled}.`;
}
