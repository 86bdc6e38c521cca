import type { Receive, ReceiveLine, ReceiveShipment, ReceiveShipmentLine } from '../../contract/receive';
import type { ReasonAction, ReceiveAction, ReceivedLine } from '../../contract/sandbox-actions';
import { timestamp } from '../documents';
import type { ActionContext } from './action-context';
import { ActionInputError, IllegalMoveError } from './action-errors';
import { nextReceiveShipmentStatus } from './life-cycle';
import { checkedLines, findShipment, movedSublines, withMove, withShipment } from './shipment-core';

/** How many units of a receive line have arrived on a shipment: its line's quantity (0 before any). */
export function receivedQuantity(shipment: ReceiveShipment, line: ReceiveLine): number {
  const received = shipment.receiveLines.find(
    (candidate) => String(candidate.lineNumber) === String(line.lineNumber),
  );
  return received?.quantity ?? 0;
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
  const shipment = findShipment(receive, shipmentId, 'Receive');
  nextReceiveShipmentStatus(shipment.status, 'receive');
  const { accepted, problems } = checkedLines(
    requestedLines(receive, shipment, body),
    receive.receiveLines,
    'receiveLines',
    context.attributeKeys,
  );
  if (problems.length > 0) throw new ActionInputError(problems);

  const lines = new Map<string, ReceiveShipmentLine>(
    shipment.receiveLines.map((line) => [String(line.lineNumber), line]),
  );
  const arrival = shipment.milestones.length;
  for (const checked of accepted) {
    const { line: announced, request } = checked;
    const lineNumber = String(announced.lineNumber);
    const seed = `${receive.primaryReference}/${lineNumber}/${arrival}/${receivedQuantity(shipment, announced)}`;
    const sublines = movedSublines(checked, 'receive', seed, context);
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
      holdCode: before?.holdCode ?? '',
      ...(announced.palletId !== undefined && { palletId: announced.palletId }),
    });
  }

  const order = receive.receiveLines.map((line) => String(line.lineNumber));
  const receiveLines = [...lines.values()].sort(
    (a, b) => order.indexOf(String(a.lineNumber)) - order.indexOf(String(b.lineNumber)),
  );
  const totalQuantity = receiveLines.reduce((sum, line) => sum + line.quantity, 0);
  // arrivalDate: when the first goods arrived, unlike the eta announced.
  const arrivalDate = shipment.arrivalDate ?? timestamp(context.now);
  return withShipment(receive, { ...shipment, arrivalDate, receiveLines, totalQuantity }, context.now);
}

export function finalizeReceiveShipment(
  receive: Receive,
  shipmentId: string | undefined,
  now: Date,
): Receive {
  const shipment = findShipment(receive, shipmentId, 'Receive');
  const status = nextReceiveShipmentStatus(shipment.status, 'finalize');
  return withMove(receive, shipment, { status, milestone: 'FIN', description: 'Received and put away' }, now);
}

export function cancelReceiveShipment(
  receive: Receive,
  shipmentId: string | undefined,
  body: ReasonAction,
  now: Date,
): Receive {
  const shipment = findShipment(receive, shipmentId, 'Receive');
  const status = nextReceiveShipmentStatus(shipment.status, 'cancel');
  return withMove(receive, shipment, { status, milestone: 'CAN', reason: body.reason }, now);
}
