import type { Milestone, OrderShipmentStatus } from '../../contract/order';
import {
  type OrderShipmentAction,
  orderShipmentMoves,
  type ReceiveShipmentAction,
  receiveShipmentMoves,
} from '../../contract/sandbox-actions';
import { statusCodeWords } from '../../domain/record-states';
import { timestamp } from '../documents';
import { IllegalMoveError } from './action-errors';

type ReceiveShipmentStatus = 'PRS' | 'FIN' | 'CAN';

/** "on hold": the console's words for the status, in a sentence. */
function statusInWords(status: string, owner: 'order-shipment' | 'receive') {
  return statusCodeWords(status, owner)?.toLowerCase() ?? status;
}

const hints: Partial<Record<OrderShipmentAction | ReceiveShipmentAction, string>> = {
  ship: 'start picking first',
  release: 'only a shipment on hold can be released',
  pick: 'only an entered shipment can start picking',
};

function refuse(action: string, kind: 'shipment' | 'receive shipment', status: string): never {
  const words = statusInWords(status, kind === 'shipment' ? 'order-shipment' : 'receive');
  const final = status === 'FIN' || status === 'CAN';
  const hint = final ? `${words} is final` : hints[action as OrderShipmentAction];
  throw new IllegalMoveError(
    `Cannot ${action} a ${kind} that is ${words} (${status})${hint ? `: ${hint}` : ''}.`,
  );
}

/** The status an order shipment moves to, or IllegalMoveError. `restore` is what release goes back to. */
export function nextOrderShipmentStatus(
  status: string,
  action: OrderShipmentAction,
  milestones: readonly Milestone[] = [],
): OrderShipmentStatus {
  const move = orderShipmentMoves[action];
  if (!(move.from as readonly string[]).includes(status)) refuse(action, 'shipment', status);
  return move.to === 'restore' ? statusBeforeHold(milestones) : move.to;
}

export function nextReceiveShipmentStatus(
  status: string,
  action: ReceiveShipmentAction,
): ReceiveShipmentStatus {
  const move = receiveShipmentMoves[action];
  if (!(move.from as readonly string[]).includes(status)) {
    const word = action === 'receive' ? 'receive into' : action;
    refuse(word, 'receive shipment', status);
  }
  return move.to as ReceiveShipmentStatus;
}

/** A held shipment goes back to where it was: picking if picking had started before the last hold. */
export function statusBeforeHold(milestones: readonly Milestone[]): 'ENT' | 'PIC' {
  const lastHold = milestones.findLastIndex((milestone) => milestone.code === 'HEL');
  const before = milestones.slice(0, lastHold < 0 ? milestones.length : lastHold);
  const lastPlace = before.findLast((milestone) => milestone.code === 'WHE' || milestone.code === 'WHI');
  return lastPlace?.code === 'WHI' ? 'PIC' : 'ENT';
}

/**
 * The status of an order or receive from its shipments: FIN when all are FIN, CAN when all are CAN, FIN
 * when all are final and at least one is FIN, else PRS (processing). No shipments at all is PRS.
 */
export function derivedStatus(shipmentStatuses: readonly string[]): 'PRS' | 'FIN' | 'CAN' {
  if (shipmentStatuses.length === 0) return 'PRS';
  const final = shipmentStatuses.every((status) => status === 'FIN' || status === 'CAN');
  if (!final) return 'PRS';
  return shipmentStatuses.includes('FIN') ? 'FIN' : 'CAN';
}

export const milestoneDescriptions = {
  WHE: 'Entered at the warehouse',
  WHI: 'Sent to pick',
  FIN: 'Finalized',
  CAN: 'Canceled',
  HEL: 'On hold',
} as const;
export type MilestoneCode = keyof typeof milestoneDescriptions;

/** Appends a milestone; sequence counts from "1" in the order they happened. */
export function withMilestone(
  milestones: readonly Milestone[],
  code: MilestoneCode,
  at: Date,
  description: string = milestoneDescriptions[code],
): Milestone[] {
  return [
    ...milestones,
    { code, description, sequence: String(milestones.length + 1), actualDate: timestamp(at) },
  ];
}
