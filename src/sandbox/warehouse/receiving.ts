import type { RuleProblem } from '../../contract/product-rules';
import type { Receive, ReceiveLine, ReceiveShipment, ReceiveShipmentLine } from '../../contract/receive';
import type { ReasonAction, ReceiveAction, ReceivedLine } from '../../contract/sandbox-actions';
import { timestamp } from '../documents';
import { type ActionContext, selectLine, sublineKeyProblems } from './action-context';
import { ActionInputError, IllegalMoveError, ShipmentNotFoundError } from './action-errors';
import { derivedStatus, milestoneDescriptions, nextReceiveShipmentStatus, withMilestone } from './life-cycle';
import { capturedSublines } from './part-attributes';

export function findReceiveShipment(receive: Receive, shipmentId: string | undefined): ReceiveShipment {
  if (shipmentId !== undefined) {
    const shipment = receive.shipments.find((candidate) => candidate.id === shipmentId);
    if (!shipment)
      throw new ShipmentNotFoundError(`Receive ${receive.primaryReference} has no shipment ${shipmentId}.`);
    return shipment;
  }
  const open = receive.shipments.filter((shipment) => shipment.status === 'PRS');
  if (open.length === 1) return open[0] as ReceiveShipment;
  if (open.length === 0 && receive.shipments.length === 1) return receive.shipments[0] as ReceiveShipment;
  throw new IllegalMoveError(
    open.length === 0
      ? `Receive ${receive.primaryReference} has no open shipment.`
      : `Receive ${receive.primaryReference} has ${open.length} open shipments: name the shipment id.`,
  );
}

/** How many units of a receive line have arrived on a shipment: its line's quantity (0 before any). */
export function receivedQuantity(shipment: ReceiveShipment, line: ReceiveLine): number {
  const received = shipment.receiveLines.find(
    (candidate) => String(candidate.lineNumber) === String(line.lineNumber),
  );
  return received?.quantity ?? 0;
}

function withShipment(receive: Receive, changed: ReceiveShipment, now: Date): Receive {
  const stamp = timestamp(now);
  const shipments = receive.shipments.map((shipment) =>
    shipment.id === changed.id ? { ...changed, dateLastUpdated: stamp } : shipment,
  );
  return {
    ...receive,
    shipments,
    status: derivedStatus(shipments.map((shipment) => shipment.status)),
    dateLastUpdated: stamp,
  };
}

function requestedLines(receive: Receive, shipment: ReceiveShipment, body: ReceiveAction): ReceivedLine[] {
  if (body.receiveLines) return body.receiveLines;
  const outstanding = receive.receiveLines
    .map((line) => ({
      lineNumber: String(line.lineNumber),
      quantity: line.quantity - receivedQuantity(shipment, line),
    }))
    .filter((line) => line.quantity > 0);
  if (outstanding.length === 0) {
    throw new IllegalMoveError(
      `Everything announced on receive ${receive.primaryReference} has arrived: finalize it, or name the lines that arrived over.`,
    );
  }
  return outstanding;
}

/**
 * Records goods that arrived: adds each quantity to the shipment's line, with sublines for the serial
 * numbers, lots and expiry dates captured, and updates totalQuantity. Short and over are both allowed.
 */
export function receiveGoods(
  receive: Receive,
  shipmentId: string | undefined,
  body: ReceiveAction,
  context: ActionContext,
): Receive {
  const shipment = findReceiveShipment(receive, shipmentId);
  nextReceiveShipmentStatus(shipment.status, 'receive');
  const problems: RuleProblem[] = [];
  const lines = new Map<string, ReceiveShipmentLine>(
    shipment.receiveLines.map((line) => [String(line.lineNumber), line]),
  );
  const seen = new Set<string>();
  const arrival = shipment.milestones.length;

  requestedLines(receive, shipment, body).forEach((request, index) => {
    const found = selectLine(receive.receiveLines, request);
    if ('problem' in found) {
      problems.push({ path: ['receiveLines', index, found.member], message: found.problem });
      return;
    }
    const announced = found.line;
    const lineNumber = String(announced.lineNumber);
    if (seen.has(lineNumber)) {
      problems.push({ path: ['receiveLines', index], message: `Line ${lineNumber} is listed twice` });
      return;
    }
    seen.add(lineNumber);
    const keyProblems = sublineKeyProblems(request.sublines, context.attributeKeys, ['receiveLines', index]);
    if (keyProblems.length > 0) {
      problems.push(...keyProblems);
      return;
    }
    if (request.sublines) {
      const total = request.sublines.reduce((sum, subline) => sum + subline.quantity, 0);
      if (total !== request.quantity) {
        problems.push({
          path: ['receiveLines', index, 'sublines'],
          message: `The sublines add up to ${total}, but the line receives ${request.quantity}`,
        });
        return;
      }
    }
    const sublines =
      request.sublines ??
      capturedSublines({
        product: context.product(announced.productCode),
        quantity: request.quantity,
        requested: announced.partAttributes,
        moment: 'receive',
        serialKey: context.serialKey,
        seed: `${receive.primaryReference}/${lineNumber}/${arrival}/${receivedQuantity(shipment, announced)}`,
        now: context.now,
      });
    const before = lines.get(lineNumber);
    lines.set(lineNumber, {
      lineNumber,
      externalLineReference: announced.externalLineReference,
      productCode: announced.productCode,
      quantityUnit: announced.quantityUnit ?? 'UNT',
      lineAttributes: announced.lineAttributes,
      lineCustomAttributes: announced.lineCustomAttributes,
      partAttributes: announced.partAttributes,
      quantity: (before?.quantity ?? 0) + request.quantity,
      sublines: [...(before?.sublines ?? []), ...sublines],
    });
  });
  if (problems.length > 0) throw new ActionInputError(problems);

  const order = receive.receiveLines.map((line) => String(line.lineNumber));
  const receiveLines = [...lines.values()].sort(
    (a, b) => order.indexOf(String(a.lineNumber)) - order.indexOf(String(b.lineNumber)),
  );
  const totalQuantity = receiveLines.reduce((sum, line) => sum + line.quantity, 0);
  return withShipment(receive, { ...shipment, receiveLines, totalQuantity }, context.now);
}

export function finalizeReceiveShipment(
  receive: Receive,
  shipmentId: string | undefined,
  now: Date,
): Receive {
  const shipment = findReceiveShipment(receive, shipmentId);
  const status = nextReceiveShipmentStatus(shipment.status, 'finalize');
  return withShipment(
    receive,
    {
      ...shipment,
      status,
      milestones: withMilestone(shipment.milestones, 'FIN', now, 'Received and put away'),
    },
    now,
  );
}

export function cancelReceiveShipment(
  receive: Receive,
  shipmentId: string | undefined,
  body: ReasonAction,
  now: Date,
): Receive {
  const shipment = findReceiveShipment(receive, shipmentId);
  const status = nextReceiveShipmentStatus(shipment.status, 'cancel');
  const description = body.reason
    ? `${milestoneDescriptions.CAN}: ${body.reason}`
    : milestoneDescriptions.CAN;
  return withShipment(
    receive,
    { ...shipment, status, milestones: withMilestone(shipment.milestones, 'CAN', now, description) },
    now,
  );
}
