import type { Order, OrderLine, OrderShipment, Package, ShipmentLine } from '../../contract/order';
import type { RuleProblem } from '../../contract/product-rules';
import type { ActionPackage, ReasonAction, ShipAction, SplitAction } from '../../contract/sandbox-actions';
import { timestamp } from '../documents';
import { type ActionContext, round, selectLine, sublineKeyProblems, unitWeightLb } from './action-context';
import { ActionInputError, IllegalMoveError, ShipmentNotFoundError } from './action-errors';
import { shippingCost, trackingFor } from './carriers';
import { derivedStatus, milestoneDescriptions, nextOrderShipmentStatus, withMilestone } from './life-cycle';
import { capturedSublines } from './part-attributes';

/** The shipments an action can still move: not finalized and not canceled. */
export function openShipments(order: Pick<Order, 'shipments'>): OrderShipment[] {
  return order.shipments.filter((shipment) => shipment.status !== 'FIN' && shipment.status !== 'CAN');
}

/** Resolves an action's shipment: the one named, or the only open one when none is named. */
export function findOrderShipment(order: Order, shipmentId: string | undefined): OrderShipment {
  if (shipmentId !== undefined) {
    const shipment = order.shipments.find((candidate) => candidate.id === shipmentId);
    if (!shipment)
      throw new ShipmentNotFoundError(`Order ${order.primaryReference} has no shipment ${shipmentId}.`);
    return shipment;
  }
  const open = openShipments(order);
  if (open.length === 1) return open[0] as OrderShipment;
  if (open.length === 0 && order.shipments.length === 1) return order.shipments[0] as OrderShipment;
  throw new IllegalMoveError(
    open.length === 0
      ? `Order ${order.primaryReference} has no open shipment.`
      : `Order ${order.primaryReference} has ${open.length} open shipments: name the shipment id.`,
  );
}

/**
 * The lines a shipment is meant to ship. With one shipment, the order's lines; once the operator has split
 * the order, each open shipment's shipmentLines hold what was allocated to it.
 */
export function plannedLines(order: Order, shipment: OrderShipment): (OrderLine | ShipmentLine)[] {
  return order.shipments.length > 1 ? shipment.shipmentLines : order.orderLines;
}

/** Puts the changed shipment back and moves the order's status and dateLastUpdated with it. */
function withShipment(order: Order, changed: OrderShipment, now: Date): Order {
  const stamp = timestamp(now);
  const shipments = order.shipments.map((shipment) =>
    shipment.id === changed.id ? { ...changed, dateLastUpdated: stamp } : shipment,
  );
  return {
    ...order,
    shipments,
    status: derivedStatus(shipments.map((shipment) => shipment.status)),
    dateLastUpdated: stamp,
  };
}

function withReason(description: string, reason: string | undefined) {
  return reason ? `${description}: ${reason}` : description;
}

export function pickShipment(order: Order, shipmentId: string | undefined, now: Date): Order {
  const shipment = findOrderShipment(order, shipmentId);
  const status = nextOrderShipmentStatus(shipment.status, 'pick');
  return withShipment(
    order,
    { ...shipment, status, milestones: withMilestone(shipment.milestones, 'WHI', now) },
    now,
  );
}

export function holdShipment(
  order: Order,
  shipmentId: string | undefined,
  body: ReasonAction,
  now: Date,
): Order {
  const shipment = findOrderShipment(order, shipmentId);
  const status = nextOrderShipmentStatus(shipment.status, 'hold');
  const description = withReason(milestoneDescriptions.HEL, body.reason);
  return withShipment(
    order,
    { ...shipment, status, milestones: withMilestone(shipment.milestones, 'HEL', now, description) },
    now,
  );
}

/** Back to where it was before the hold; the milestone repeats that place (WHE or WHI), marked released. */
export function releaseShipment(order: Order, shipmentId: string | undefined, now: Date): Order {
  const shipment = findOrderShipment(order, shipmentId);
  const status = nextOrderShipmentStatus(shipment.status, 'release', shipment.milestones);
  const code = status === 'PIC' ? 'WHI' : 'WHE';
  const description = `Released from hold: ${milestoneDescriptions[code].toLowerCase()}`;
  return withShipment(
    order,
    { ...shipment, status, milestones: withMilestone(shipment.milestones, code, now, description) },
    now,
  );
}

export function cancelShipment(
  order: Order,
  shipmentId: string | undefined,
  body: ReasonAction,
  now: Date,
): Order {
  const shipment = findOrderShipment(order, shipmentId);
  const status = nextOrderShipmentStatus(shipment.status, 'cancel');
  const description = withReason(milestoneDescriptions.CAN, body.reason);
  return withShipment(
    order,
    { ...shipment, status, milestones: withMilestone(shipment.milestones, 'CAN', now, description) },
    now,
  );
}

/** Seed for generated numbers: stable per order reference and shipment position, unlike random ids. */
function shipmentSeed(order: Order, shipment: OrderShipment) {
  return `${order.primaryReference}#${order.shipments.findIndex((candidate) => candidate.id === shipment.id) + 1}`;
}

function shippedLines(
  order: Order,
  shipment: OrderShipment,
  body: ShipAction,
  context: ActionContext,
): ShipmentLine[] {
  const seed = shipmentSeed(order, shipment);
  const problems: RuleProblem[] = [];
  const requested =
    body.shipmentLines ??
    plannedLines(order, shipment).map((line) => ({
      lineNumber: String(line.lineNumber),
      quantity: line.quantity,
      sublines: undefined,
      palletId: undefined,
    }));
  const seen = new Set<string>();
  const lines: ShipmentLine[] = [];
  requested.forEach((request, index) => {
    const found = selectLine(order.orderLines, request);
    if ('problem' in found) {
      problems.push({ path: ['shipmentLines', index, found.member], message: found.problem });
      return;
    }
    const orderLine = found.line;
    const lineNumber = String(orderLine.lineNumber);
    if (seen.has(lineNumber)) {
      problems.push({ path: ['shipmentLines', index], message: `Line ${lineNumber} is listed twice` });
      return;
    }
    seen.add(lineNumber);
    if (request.quantity === 0) return;
    const keyProblems = sublineKeyProblems(request.sublines, context.attributeKeys, ['shipmentLines', index]);
    if (keyProblems.length > 0) {
      problems.push(...keyProblems);
      return;
    }
    if (request.sublines) {
      const total = request.sublines.reduce((sum, subline) => sum + subline.quantity, 0);
      if (total !== request.quantity) {
        problems.push({
          path: ['shipmentLines', index, 'sublines'],
          message: `The sublines add up to ${total}, but the line ships ${request.quantity}`,
        });
        return;
      }
    }
    const sublines =
      request.sublines ??
      capturedSublines({
        product: context.product(orderLine.productCode),
        quantity: request.quantity,
        requested: orderLine.partAttributes,
        moment: 'ship',
        serialKey: context.serialKey,
        seed: `${seed}/${lineNumber}`,
        now: context.now,
      });
    lines.push({
      lineNumber,
      externalLineReference: orderLine.externalLineReference,
      productCode: orderLine.productCode,
      quantity: request.quantity,
      quantityUnit: orderLine.quantityUnit ?? 'UNT',
      linePrice: orderLine.linePrice,
      lineAttributes: orderLine.lineAttributes,
      lineCustomAttributes: orderLine.lineCustomAttributes,
      partAttributes: orderLine.partAttributes,
      sublines,
      ...(request.palletId ? { palletId: request.palletId } : {}),
    });
  });
  if (problems.length === 0 && lines.length === 0) {
    problems.push({
      path: ['shipmentLines'],
      message: 'Nothing would leave the warehouse: ship at least one unit, or cancel the shipment',
    });
  }
  if (problems.length > 0) throw new ActionInputError(problems);
  return lines;
}

type PackedLine = Package['packedLines'][number];

/** Spreads each line's quantity as evenly as whole units allow over the packages. */
function spreadOver(lines: readonly ShipmentLine[], packageCount: number): PackedLine[][] {
  const packed: PackedLine[][] = Array.from({ length: packageCount }, () => []);
  for (const line of lines) {
    const whole = Number.isInteger(line.quantity);
    const share = whole ? Math.floor(line.quantity / packageCount) : line.quantity / packageCount;
    const remainder = whole ? line.quantity - share * packageCount : 0;
    packed.forEach((contents, index) => {
      const quantity = share + (index < remainder ? 1 : 0);
      if (quantity > 0) {
        contents.push({
          quantity,
          orderLineReference: String(line.lineNumber),
          productCode: line.productCode,
        });
      }
    });
  }
  return packed;
}

/** Dimensions in metres by weight class, since the sandbox knows no box sizes. */
function boxFor(weightLb: number) {
  if (weightLb < 2) return { length: 0.3, width: 0.22, height: 0.12 };
  if (weightLb < 15) return { length: 0.4, width: 0.3, height: 0.25 };
  return { length: 0.6, width: 0.4, height: 0.4 };
}

const PACKAGING_WEIGHT_LB = 0.4;

function packagesFor(
  order: Order,
  shipment: OrderShipment,
  lines: readonly ShipmentLine[],
  requested: readonly ActionPackage[] | undefined,
  context: ActionContext,
): Package[] {
  const given = requested ?? [{ packageType: 'BOX', weightUnit: 'LB', dimUnit: 'M' }];
  const problems: RuleProblem[] = [];
  const spread = spreadOver(lines, given.length);
  const anyPacked = given.some((pack) => pack.packedLines !== undefined);
  const packedPerLine = new Map<string, number>();

  const packages = given.map((pack, packIndex): Package => {
    const packedLines: PackedLine[] = [];
    if (!anyPacked) packedLines.push(...(spread[packIndex] ?? []));
    (pack.packedLines ?? []).forEach((packedLine, lineIndex) => {
      const match = lines.find(
        (line) =>
          (packedLine.orderLineReference !== undefined &&
            (String(line.lineNumber) === packedLine.orderLineReference ||
              line.externalLineReference === packedLine.orderLineReference)) ||
          (packedLine.orderLineReference === undefined && line.productCode === packedLine.productCode),
      );
      if (!match) {
        problems.push({
          path: ['packages', packIndex, 'packedLines', lineIndex, 'orderLineReference'],
          message: `Packed line ${packedLine.orderLineReference ?? packedLine.productCode ?? ''} is not among the lines that ship`,
        });
        return;
      }
      const lineNumber = String(match.lineNumber);
      packedPerLine.set(lineNumber, (packedPerLine.get(lineNumber) ?? 0) + packedLine.quantity);
      packedLines.push({
        quantity: packedLine.quantity,
        orderLineReference: lineNumber,
        ...(packedLine.orderSubLineReference
          ? { orderSubLineReference: packedLine.orderSubLineReference }
          : {}),
        productCode: match.productCode,
      });
    });
    const contentWeight = packedLines.reduce(
      (sum, packed) => sum + unitWeightLb(context.product(packed.productCode ?? '')) * packed.quantity,
      0,
    );
    const weight = pack.weight ?? round(contentWeight + PACKAGING_WEIGHT_LB);
    const box = boxFor(weight);
    return {
      packageReference:
        pack.packageReference ?? `${shipmentSeed(order, shipment).replace('#', '-')}-${packIndex + 1}`,
      packageType: pack.packageType,
      weight,
      weightUnit: pack.weightUnit,
      length: pack.length ?? box.length,
      width: pack.width ?? box.width,
      height: pack.height ?? box.height,
      dimUnit: pack.dimUnit,
      packedLines,
    };
  });
  for (const line of lines) {
    const packed = packedPerLine.get(String(line.lineNumber)) ?? 0;
    if (packed > line.quantity) {
      problems.push({
        path: ['packages'],
        message: `The packages hold ${packed} of line ${line.lineNumber}, but only ${line.quantity} ship`,
      });
    }
  }
  if (problems.length > 0) throw new ActionInputError(problems);
  return packages;
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
  const shipment = findOrderShipment(order, shipmentId);
  const status = nextOrderShipmentStatus(shipment.status, 'ship');
  const lines = shippedLines(order, shipment, body, context);
  const packages = packagesFor(order, shipment, lines, body.packages, context);
  const tracking = trackingFor(order, shipmentSeed(order, shipment), body.trackingDetail);
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

type Allocation = { line: OrderLine | ShipmentLine; quantity: number };

function defaultSplit(planned: readonly (OrderLine | ShipmentLine)[]): Allocation[] {
  if (planned.length > 1) {
    return planned.slice(Math.ceil(planned.length / 2)).map((line) => ({ line, quantity: line.quantity }));
  }
  const only = planned[0];
  const half = only ? Math.floor(only.quantity / 2) : 0;
  if (!only || half < 1) {
    throw new IllegalMoveError('There is nothing to split: the shipment holds a single unit.');
  }
  return [{ line: only, quantity: half }];
}

function asShipmentLine(line: OrderLine | ShipmentLine, quantity: number): ShipmentLine {
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

/** The updated order's line that a shipment's planned line stands for: same product and external reference, the same line number preferred. */
function updatedLine(held: ShipmentLine, lines: readonly OrderLine[]): OrderLine | undefined {
  const candidates = lines.filter(
    (line) =>
      line.productCode === held.productCode && line.externalLineReference === held.externalLineReference,
  );
  return (
    candidates.find((line) => String(line.lineNumber) === String(held.lineNumber)) ??
    (candidates.length === 1 ? candidates[0] : undefined)
  );
}

/**
 * After an order update, what each shipment of a split order plans to ship. A later shipment keeps what it
 * holds of a line the update kept, up to the line's new quantity; the first shipment takes the rest, new
 * lines included. A shipment left with nothing goes (its part of the split is undone); a single shipment
 * left plans from the order's lines, as an unsplit order does. Every shipment is ENT or HEL here.
 */
export function replannedShipments(
  shipments: readonly OrderShipment[],
  lines: readonly OrderLine[],
): OrderShipment[] {
  const [first, ...later] = shipments;
  if (!first || later.length === 0) return [...shipments];
  const taken = new Map<string, number>();
  const takenOf = (line: OrderLine) => taken.get(String(line.lineNumber)) ?? 0;
  const replanned = later.map((shipment) => ({
    ...shipment,
    shipmentLines: shipment.shipmentLines.flatMap((held) => {
      const line = updatedLine(held, lines);
      const quantity = line ? Math.min(held.quantity, line.quantity - takenOf(line)) : 0;
      if (!line || quantity <= 0) return [];
      taken.set(String(line.lineNumber), takenOf(line) + quantity);
      return [asShipmentLine(line, quantity)];
    }),
  }));
  const rest = lines
    .map((line) => asShipmentLine(line, line.quantity - takenOf(line)))
    .filter((line) => line.quantity > 0);
  const kept = [{ ...first, shipmentLines: rest }, ...replanned].filter(
    (shipment) => shipment.shipmentLines.length > 0,
  );
  return kept.length === 1 ? kept.map((shipment) => ({ ...shipment, shipmentLines: [] })) : kept;
}

/**
 * The operator "arranges otherwise": part of an entered or held shipment moves to a new shipment in ENT.
 * Afterwards each open shipment's shipmentLines hold the lines allocated to it.
 */
export function splitOrder(order: Order, body: SplitAction, context: ActionContext): Order {
  const source = findOrderShipment(order, body.shipmentId);
  if (source.status !== 'ENT' && source.status !== 'HEL') {
    throw new IllegalMoveError(
      `Cannot split a shipment that is ${source.status}: only an entered (ENT) or held (HEL) shipment can be split.`,
    );
  }
  const planned = plannedLines(order, source);
  const problems: RuleProblem[] = [];
  const moves: Allocation[] = body.lines
    ? body.lines.flatMap((request, index) => {
        const found = selectLine(planned, request);
        if ('problem' in found) {
          problems.push({ path: ['lines', index, found.member], message: found.problem });
          return [];
        }
        if (request.quantity > found.line.quantity) {
          problems.push({
            path: ['lines', index, 'quantity'],
            message: `Line ${found.line.lineNumber} holds ${found.line.quantity} on this shipment; cannot move ${request.quantity}`,
          });
        }
        return [{ line: found.line, quantity: request.quantity }];
      })
    : defaultSplit(planned);
  if (problems.length > 0) throw new ActionInputError(problems);

  const moved = (line: OrderLine | ShipmentLine) =>
    moves
      .filter((move) => String(move.line.lineNumber) === String(line.lineNumber))
      .reduce((sum, move) => sum + move.quantity, 0);
  const remaining = planned
    .map((line) => asShipmentLine(line, line.quantity - moved(line)))
    .filter((line) => line.quantity > 0);
  if (remaining.length === 0) {
    throw new ActionInputError([
      {
        path: ['lines'],
        message: 'Moving everything would leave the first shipment empty: leave at least one unit',
      },
    ]);
  }
  const movedLines = planned
    .map((line) => asShipmentLine(line, moved(line)))
    .filter((line) => line.quantity > 0);

  const stamp = timestamp(context.now);
  const number = order.shipments.length + 1;
  const created: OrderShipment = {
    ...source,
    id: context.newId(),
    ...(source.wmsId ? { wmsId: `${source.wmsId}-${number}` } : {}),
    status: 'ENT',
    dateCreated: stamp,
    dateLastUpdated: stamp,
    actualShipDate: null,
    trackingDetail: null,
    packages: [],
    shipmentLines: movedLines,
    milestones: withMilestone(
      [],
      'WHE',
      context.now,
      `Split from shipment ${order.shipments.indexOf(source) + 1}`,
    ),
  };
  const kept = withShipment(order, { ...source, shipmentLines: remaining }, context.now);
  const shipments = [...kept.shipments, created];
  return { ...kept, shipments, status: derivedStatus(shipments.map((shipment) => shipment.status)) };
}
