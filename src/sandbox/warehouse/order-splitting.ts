import type { Order, OrderLine, OrderShipment, ShipmentLine } from '../../contract/order';
import type { RuleProblem } from '../../contract/product-rules';
import type { SplitAction } from '../../contract/sandbox-actions';
import { timestamp } from '../documents';
import { type ActionContext, selectLine } from './action-context';
import { ActionInputError, IllegalMoveError } from './action-errors';
import { derivedStatus, withMilestone } from './life-cycle';
import { asShipmentLine, plannedLines } from './order-shipping';
import { findShipment, withShipment } from './shipment-core';

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

/**
 * The updated order's line that a shipment's planned line stands for: same product and external reference,
 * the same line number preferred.
 */
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
  const source = findShipment(order, body.shipmentId, 'Order');
  if (source.status !== 'ENT' && source.status !== 'HEL') {
    throw new IllegalMoveError(
      `Cannot split a shipment that is ${source.status}: only an entered (ENT) or on hold (HEL) shipment can be split.`,
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
