import type { OrderState } from '../contract/index-lists';
import type { Order } from '../contract/order';
import { lineFulfillment } from './line-fulfillment';
import { localDay } from './local-day';
import type { CompletenessState } from './receive-completeness';

// Types only from the contract: list routes validate their search params in the first page's chunk,
// which must not pull in zod.

/** How a state reads on screen; the color helps, the word carries the meaning. */
export type StateWords = { label: string; color: string };

/** An order's state in words, in the order of an order's life; "Late" is said beside any unfinished one. */
export const orderStateWords = {
  entered: { label: 'Entered', color: 'blue.8' },
  picking: { label: 'Picking', color: 'violet.8' },
  // Darker than Mantine's darkest orange (orange.9 gives white text 4.3:1): 5.2:1 keeps AA.
  held: { label: 'On hold', color: '#c2410c' },
  partly_shipped: { label: 'Partly shipped', color: 'cyan.9' },
  shipped: { label: 'Shipped', color: 'teal.9' },
  shipped_short: { label: 'Shipped short', color: 'red.9' },
  shipped_over: { label: 'Shipped over', color: 'grape.9' },
  canceled: { label: 'Canceled', color: 'dark.4' },
} as const satisfies Record<OrderState, StateWords>;

export const lateWords: StateWords = { label: 'Late', color: 'red.9' };

/** Receive and return states: "Partly received" while goods are still due, Short or Over once finalized. */
export const receiveStateWords = {
  awaiting: { label: 'Awaiting', color: 'gray.7' },
  partial: { label: 'Partly received', color: 'blue.8' },
  complete: { label: 'Complete', color: 'teal.9' },
  short: { label: 'Short', color: 'red.9' },
  over: { label: 'Over', color: 'grape.9' },
  canceled: { label: 'Canceled', color: 'dark.4' },
} as const satisfies Record<CompletenessState, StateWords>;

export const overdueWords: StateWords = { label: 'Overdue', color: 'red.9' };

const unknownStateWords: StateWords = { label: 'Other state', color: 'gray.7' };

export function orderStateOf(state: string): StateWords {
  return Object.hasOwn(orderStateWords, state) ? orderStateWords[state as OrderState] : unknownStateWords;
}

export function receiveStateOf(state: string): StateWords {
  return Object.hasOwn(receiveStateWords, state)
    ? receiveStateWords[state as CompletenessState]
    : unknownStateWords;
}

/** A record's state in words by its kind: orders by order state, receives and returns by completeness. */
export function stateOfKind(kind: RecordKind, state: string): StateWords {
  return kind === 'order' ? orderStateOf(state) : receiveStateOf(state);
}

/** What one record of each kind is called. */
export const recordKindWords = {
  order: 'Order',
  receive: 'Receive',
  return: 'Return',
  product: 'Product',
} as const;
export type RecordKind = keyof typeof recordKindWords;

/**
 * The order state each order shipment status stands for: a shipment's badge, milestones and the glance of
 * its order say the same word ("On hold" for HEL, "Shipped" for FIN).
 */
export const orderShipmentStates: Readonly<Record<string, OrderState>> = {
  ENT: 'entered',
  PIC: 'picking',
  HEL: 'held',
  FIN: 'shipped',
  CAN: 'canceled',
};

/** The status of an order, a receive or a receive's shipment: the operator's PRS, FIN and CAN. */
const documentStatusWords: Readonly<Record<string, string>> = {
  PRS: 'Open',
  FIN: 'Finalized',
  CAN: receiveStateWords.canceled.label,
};

/** Whose status a code is: an order shipment's codes are its own (ENT, PIC, HEL, FIN, CAN). */
export type StatusOwner = 'order' | 'order-shipment' | 'receive';

/** The operator's status code in words ("On hold" for an order shipment's HEL), or null for a code not known. */
export function statusCodeWords(code: string, owner: StatusOwner): string | null {
  if (owner === 'order-shipment')
    return Object.hasOwn(orderShipmentStates, code)
      ? orderStateWords[orderShipmentStates[code] as OrderState].label
      : null;
  return Object.hasOwn(documentStatusWords, code) ? (documentStatusWords[code] ?? null) : null;
}

/** The status code a milestone moves its shipment to: WHI starts picking, FIN finishes it. */
const milestoneStatuses: Readonly<Record<string, string>> = {
  WHE: 'ENT',
  WHI: 'PIC',
  HEL: 'HEL',
  FIN: 'FIN',
  CAN: 'CAN',
};

/**
 * A milestone in the words of the status it moves to ("Picking" for WHI; "Shipped" for an order shipment's
 * FIN, "Finalized" for a receive's); a code not known as sent.
 */
export function milestoneWords(code: string, owner: 'order-shipment' | 'receive'): string {
  const status = Object.hasOwn(milestoneStatuses, code) ? milestoneStatuses[code] : undefined;
  if (!status) return code;
  // Of a receive's statuses only FIN reads otherwise ("Finalized"): its other milestones read as an order's.
  return (
    statusCodeWords(status, owner === 'receive' && status === 'FIN' ? 'receive' : 'order-shipment') ?? code
  );
}

/**
 * What a customer reads of a shipment in each state: the staff's words said kindly, with no warehouse
 * reasons (a hold is "taking a little longer").
 */
export const customerShipmentWords = {
  entered: 'Being prepared',
  picking: 'Being packed now',
  held: 'Taking a little longer',
  shipped: 'Sent',
  canceled: 'Could not be sent and was canceled',
} as const satisfies Partial<Record<OrderState, string>>;

const finishedOrderStates: readonly string[] = ['shipped', 'shipped_short', 'shipped_over', 'canceled'];

/**
 * Ship-by dates and ETAs are days, which the operator stamps as midnight UTC. One is past once the reader's
 * today is a later day: before that it is due today, not late. `today` is the reader's calendar day.
 */
export function pastDueBefore(today: string): number {
  return Date.parse(`${today}T00:00:00Z`);
}

function isPastDue(due: string | null | undefined, nowMs: number): boolean {
  if (!due) return false;
  const dueMs = Date.parse(due);
  return !Number.isNaN(dueMs) && dueMs < pastDueBefore(localDay(new Date(nowMs)));
}

/** Past its required ship date's day and not yet shipped or canceled. */
export function isOrderLate(
  state: string,
  requiredShipDate: string | null | undefined,
  nowMs: number,
): boolean {
  return !finishedOrderStates.includes(state) && isPastDue(requiredShipDate, nowMs);
}

/** Past its ETA's day with nothing received. */
export function isReceiveOverdue(state: string, eta: string | null | undefined, nowMs: number): boolean {
  return state === 'awaiting' && isPastDue(eta, nowMs);
}

/**
 * The order's state as a person reads it, from its shipments and lines: a held shipment holds the order, a
 * mix of shipped and open shipments is partly shipped, and once every shipment is final the lines say
 * whether it shipped in full, short or over.
 */
export function deriveOrderState(order: Pick<Order, 'status' | 'orderLines' | 'shipments'>): {
  state: OrderState;
  short: boolean;
  over: boolean;
} {
  const statuses = order.shipments.map((shipment) => shipment.status);
  const lines = lineFulfillment(order).lines;
  const short = lines.some((line) => line.state === 'short');
  const over = lines.some((line) => line.state === 'over');
  if (order.status === 'CAN' || (statuses.length > 0 && statuses.every((status) => status === 'CAN')))
    return { state: 'canceled', short, over };
  if (statuses.includes('HEL')) return { state: 'held', short, over };
  const open = statuses.filter((status) => status !== 'FIN' && status !== 'CAN');
  if (statuses.includes('FIN') && open.length > 0) return { state: 'partly_shipped', short, over };
  if (statuses.length > 0 && open.length === 0)
    return { state: short ? 'shipped_short' : over ? 'shipped_over' : 'shipped', short, over };
  if (statuses.includes('PIC')) return { state: 'picking', short, over };
  return { state: 'entered', short, over };
}

/**
 * Why a held order waits: the description of the newest hold milestone of a held shipment (the operator
 * writes the reason there), or null when nothing is held or no reason was given.
 */
export function holdReason(order: {
  shipments: readonly Pick<Order['shipments'][number], 'status' | 'milestones'>[];
}): string | null {
  for (const shipment of order.shipments) {
    if (shipment.status !== 'HEL') continue;
    const holds = shipment.milestones.filter((milestone) => milestone.code === 'HEL');
    const newest = holds.at(-1);
    // The sandbox writes "On hold: <reason>"; the bare word alone is no reason.
    const reason = newest?.description?.replace(/^on hold:?\s*/i, '').trim();
    if (reason) return reason;
  }
  return null;
}
