import type { KeyValue } from '../../contract/common';
import type { Milestone, Subline } from '../../contract/order';
import type { RuleProblem } from '../../contract/product-rules';
import { timestamp } from '../documents';
import { type ActionContext, type LineSelector, selectLine, sublineKeyProblems } from './action-context';
import { IllegalMoveError, ShipmentNotFoundError } from './action-errors';
import { derivedStatus, type MilestoneCode, milestoneDescriptions, withMilestone } from './life-cycle';
import { capturedSublines } from './part-attributes';

/**
 * What orders and receives share: shipments the operator moves through their life cycle, each move
 * stamped on the shipment and its document, and action bodies that name the document's lines.
 */

type Shipment = { id: string; status: string; milestones: Milestone[]; dateLastUpdated?: string };
type ShipmentDocument = {
  primaryReference: string;
  status: string;
  dateLastUpdated?: string;
  shipments: Shipment[];
};

/** The shipments an action can still move: not finalized and not canceled. */
export function openShipments<S extends Shipment>(document: { shipments: readonly S[] }): S[] {
  return document.shipments.filter((shipment) => shipment.status !== 'FIN' && shipment.status !== 'CAN');
}

/** Resolves an action's shipment: the one named, or the only open one when none is named. */
export function findShipment<S extends Shipment>(
  document: { primaryReference: string; shipments: readonly S[] },
  shipmentId: string | undefined,
  noun: 'Order' | 'Receive',
): S {
  const name = `${noun} ${document.primaryReference}`;
  if (shipmentId !== undefined) {
    const shipment = document.shipments.find((candidate) => candidate.id === shipmentId);
    if (!shipment) throw new ShipmentNotFoundError(`${name} has no shipment ${shipmentId}.`);
    return shipment;
  }
  const open = openShipments(document);
  if (open.length === 1) return open[0] as S;
  if (open.length === 0 && document.shipments.length === 1) return document.shipments[0] as S;
  throw new IllegalMoveError(
    open.length === 0
      ? `${name} has no open shipment.`
      : `${name} has ${open.length} open shipments: name the shipment id.`,
  );
}

/** Puts the changed shipment back and moves the document's status and dateLastUpdated with it. */
export function withShipment<D extends ShipmentDocument>(
  document: D,
  changed: D['shipments'][number],
  now: Date,
): D {
  const stamp = timestamp(now);
  const shipments = document.shipments.map((shipment) =>
    shipment.id === changed.id ? { ...changed, dateLastUpdated: stamp } : shipment,
  );
  return {
    ...document,
    shipments,
    status: derivedStatus(shipments.map((shipment) => shipment.status)),
    dateLastUpdated: stamp,
  };
}

/**
 * A shipment moved to its next status, with the milestone that records the move: its usual description or
 * the one given, followed by the reason the operator gave.
 */
export function withMove<D extends ShipmentDocument>(
  document: D,
  shipment: D['shipments'][number],
  move: { status: string; milestone: MilestoneCode; description?: string; reason?: string },
  now: Date,
): D {
  const description = move.description ?? milestoneDescriptions[move.milestone];
  const milestones = withMilestone(
    shipment.milestones,
    move.milestone,
    now,
    move.reason ? `${description}: ${move.reason}` : description,
  );
  return withShipment(document, { ...shipment, status: move.status, milestones }, now);
}

type RequestedLine = LineSelector & { quantity: number; sublines?: Subline[] };
type DocumentLine = { lineNumber?: string | number; productCode: string; partAttributes: KeyValue[] };

const verbs = { shipmentLines: 'ships', receiveLines: 'receives' } as const;

/**
 * Checks the lines an action names against the document's: each found and named once, its sublines with
 * the packet's keys and adding up to its quantity. A line sent with quantity 0 moves nothing and is left
 * out. Returns each line that passes with its request, and every problem with its path in the body.
 */
export function checkedLines<L extends DocumentLine, R extends RequestedLine>(
  requested: readonly R[],
  lines: readonly L[],
  member: keyof typeof verbs,
  attributeKeys: readonly string[],
): { accepted: { line: L; request: R }[]; problems: RuleProblem[] } {
  const problems: RuleProblem[] = [];
  const accepted: { line: L; request: R }[] = [];
  const seen = new Set<string>();
  requested.forEach((request, index) => {
    const found = selectLine(lines, request);
    if ('problem' in found) {
      problems.push({ path: [member, index, found.member], message: found.problem });
      return;
    }
    const lineNumber = String(found.line.lineNumber);
    if (seen.has(lineNumber)) {
      problems.push({ path: [member, index], message: `Line ${lineNumber} is listed twice` });
      return;
    }
    seen.add(lineNumber);
    if (request.quantity === 0) return;
    const keyProblems = sublineKeyProblems(request.sublines, attributeKeys, [member, index]);
    if (keyProblems.length > 0) {
      problems.push(...keyProblems);
      return;
    }
    if (request.sublines) {
      const total = request.sublines.reduce((sum, subline) => sum + subline.quantity, 0);
      if (total !== request.quantity) {
        problems.push({
          path: [member, index, 'sublines'],
          message: `The sublines add up to ${total}, but the line ${verbs[member]} ${request.quantity}`,
        });
        return;
      }
    }
    accepted.push({ line: found.line, request });
  });
  return { accepted, problems };
}

/** The sublines a line moves with: those sent, or what a warehouse worker captures at this moment. */
export function movedSublines(
  { line, request }: { line: DocumentLine; request: RequestedLine },
  moment: 'ship' | 'receive',
  seed: string,
  context: ActionContext,
): Subline[] {
  return (
    request.sublines ??
    capturedSublines({
      product: context.product(line.productCode),
      quantity: request.quantity,
      requested: line.partAttributes,
      moment,
      serialKey: context.serialKey,
      seed,
      now: context.now,
    })
  );
}
