import type { Order, OrderLine, OrderShipment, ShipmentLine, Subline } from '../../contract/order';
import type { ReasonAction, ShipAction } from '../../contract/sandbox-actions';
import { timestamp } from '../documents';
import type { ActionContext } from './action-context';
import { ActionInputError } from './action-errors';
import { shippingCost, trackingFor } from './carriers';
import { milestoneDescriptions, nextOrderShipmentStatus, withMilestone } from './life-cycle';
import { packagesFor } from './packing';
import { capturedSublines } from './part-attributes';
import { checkedLines, findShipment, movedSublines, withMove, withShipment } from './shipment-core';
import { pickLots } from './stock-picking';

/**
 * The lines a shipment is meant to ship. With one shipment, the order's lines; once the operator has split
 * the order, each open shipment's shipmentLines hold what was allocated to it.
 */
export function plannedLines(order: Order, shipment: OrderShipment): (OrderLine | ShipmentLine)[] {
  return order.shipments.length > 1 ? shipment.shipmentLines : order.orderLines;
}

/** An order line, or a line planned on a shipment, as a shipment line of the quantity given. */
export function asShipmentLine(line: OrderLine | ShipmentLine, quantity: number): ShipmentLine {
  return {
    lineNumber: String(line.lineNumber),
    externalLineReference: line.externalLineReference,
    productCode: line.productCode,
    quantity,
    quantityUnit: line.quantityUnit ?? 'UNT',
    linePrice: line.linePrice,
    lineAttributes: line.lineAttributes,
    lineCustomAttributes: line.lineCustomAttributes,
    partAttributes: line.partAttributes,
    sublines: [],
  };
}

export function pickShipment(order: Order, shipmentId: string | undefined, now: Date): Order {
  const shipment = findShipment(order, shipmentId, 'Order');
  const status = nextOrderShipmentStatus(shipment.status, 'pick');
  return withMove(order, shipment, { status, milestone: 'WHI' }, now);
}

export function holdShipment(
  order: Order,
  shipmentId: string | undefined,
  body: ReasonAction,
  now: Date,
): Order {
  const shipment = findShipment(order, shipmentId, 'Order');
  const status = nextOrderShipmentStatus(shipment.status, 'hold');
  return withMove(order, shipment, { status, milestone: 'HEL', reason: body.reason }, now);
}

/** Back to where it was before the hold; the milestone repeats that place (WHE or WHI), marked released. */
export function releaseShipment(order: Order, shipmentId: string | undefined, now: Date): Order {
  const shipment = findShipment(order, shipmentId, 'Order');
  const status = nextOrderShipmentStatus(shipment.status, 'release', shipment.milestones);
  const milestone = status === 'PIC' ? 'WHI' : 'WHE';
  const description = `Released from hold: ${milestoneDescriptions[milestone].toLowerCase()}`;
  return withMove(order, shipment, { status, milestone, description }, now);
}

export function cancelShipment(
  order: Order,
  shipmentId: string | undefined,
  body: ReasonAction,
  now: Date,
): Order {
  const shipment = findShipment(order, shipmentId, 'Order');
  const status = nextOrderShipmentStatus(shipment.status, 'cancel');
  return withMove(order, shipment, { status, milestone: 'CAN', reason: body.reason }, now);
}

/** Seed for generated numbers: stable per order reference and shipment position, unlike random ids. */
function shipmentSeed(order: Order, shipment: OrderShipment) {
  return `${order.primaryReference}#${order.shipments.findIndex((candidate) => candidate.id === shipment.id) + 1}`;
}

/**
 * What a picker takes from the shelf for a line sent without sublines: the lots or serial numbers on stock,
 * first expiry first out, then first in first out, each as a subline with its part attributes; units the
 * stock does not cover are captured as before. Undefined when the shelf holds none of the product.
 * `taken` counts what earlier lines of the same shipment took.
 */
function pickedSublines(
  order: Order,
  line: OrderLine,
  quantity: number,
  seed: string,
  taken: Map<number, number>,
  context: ActionContext,
): Subline[] | undefined {
  const shelf = (context.stockOf?.(order.warehouseCode ?? '', line.productCode) ?? []).map((lot) => ({
    ...lot,
    quantity: lot.quantity - (taken.get(lot.id) ?? 0),
  }));
  const { picked, missing } = pickLots(shelf, quantity, line.partAttributes);
  if (picked.length === 0) return undefined;
  for (const { lot, quantity: units } of picked) taken.set(lot.id, (taken.get(lot.id) ?? 0) + units);
  const sublines: Subline[] = picked.map(({ lot, quantity: units }) => ({
    quantity: units,
    partAttributes: lot.partAttributes,
  }));
  if (missing === 0) return sublines;
  return [
    ...sublines,
    ...capturedSublines({
      product: context.product(line.productCode),
      quantity: missing,
      requested: line.partAttributes,
      moment: 'ship',
      serialKey: context.serialKey,
      seed,
      now: context.now,
    }),
  ];
}

function shippedLines(
  order: Order,
  shipment: OrderShipment,
  body: ShipAction,
  context: ActionContext,
): ShipmentLine[] {
  const seed = shipmentSeed(order, shipment);
  const requested =
    body.shipmentLines ??
    plannedLines(order, shipment).map((line) => ({
      lineNumber: String(line.lineNumber),
      quantity: line.quantity,
      sublines: undefined,
      palletId: undefined,
    }));
  const { accepted, problems } = checkedLines(
    requested,
    order.orderLines,
    'shipmentLines',
    context.attributeKeys,
  );
  if (problems.length === 0 && accepted.length === 0) {
    problems.push({
      path: ['shipmentLines'],
      message: 'Nothing would leave the warehouse: ship at least one unit, or cancel the shipment',
    });
  }
  if (problems.length > 0) throw new ActionInputError(problems);
  const taken = new Map<number, number>();
  return accepted.map((checked) => {
    const { line, request } = checked;
    const lineSeed = `${seed}/${line.lineNumber}`;
    const sublines =
      (request.sublines === undefined
        ? pickedSublines(order, line, request.quantity, lineSeed, taken, context)
        : undefined) ?? movedSublines(checked, 'ship', lineSeed, context);
    return {
      ...asShipmentLine(line, request.quantity),
      sublines,
      ...(request.palletId ? { palletId: request.palletId } : {}),
    };
  });
}

/**
 * Ships a picked shipment: what left (short and over allowed), its packages, tracking, date and cost. The
 * shipment's shipmentLines then show what actually left.
 */
export function shipShipment(
  order: Order,
  shipmentId: string | undefined,
  body: ShipAction,
  context: ActionContext,
): Order {
  const shipment = findShipment(order, shipmentId, 'Order');
  const status = nextOrderShipmentStatus(shipment.status, 'ship');
  const seed = shipmentSeed(order, shipment);
  const lines = shippedLines(order, shipment, body, context);
  const packages = packagesFor(seed, lines, body.packages, context);
  const tracking = trackingFor(order, seed, body.trackingDetail);
  const weight = packages.reduce((sum, pack) => sum + (pack.weight ?? 0), 0);
  const shipped: OrderShipment = {
    ...shipment,
    status,
    actualShipDate: body.actualShipDate ?? timestamp(context.now),
    shipmentLines: lines,
    packages,
    trackingDetail: tracking,
    serviceLevel: shipment.serviceLevel ?? tracking.serviceLevelCode,
    totalCost: body.totalCost ?? shippingCost(tracking.carrierCode ?? '', weight),
    totalCostUnit: body.totalCostUnit ?? 'USD',
    milestones: withMilestone(shipment.milestones, 'FIN', context.now, 'Shipped'),
  };
  return withShipment(order, shipped, context.now);
}
