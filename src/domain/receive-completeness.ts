import type { ReceiveState } from '../contract/index-lists';
import type { Subline } from '../contract/order';
import type { Receive, ReceiveLine, ReceiveShipmentLine } from '../contract/receive';

/** How far one line (or the whole receive) got, as a manager reads it. */
export type CompletenessState = ReceiveState;

export type ReceivedSubline = Subline & { shipmentId: string };

export type LineCompleteness = {
  /** Key unique within the receive, for React lists and tests. */
  key: string;
  lineNumber?: string;
  externalLineReference?: string;
  productCode: string;
  quantityUnit?: string;
  /** The pallet the line was announced on, when the receive names one. */
  palletId?: string;
  announced: number;
  received: number;
  /** received − announced: negative when short, positive when over. */
  difference: number;
  state: CompletenessState;
  /** True for goods that arrived on no announced line. */
  unannounced: boolean;
  sublines: ReceivedSubline[];
};

export type ReceiveCompleteness = {
  lines: LineCompleteness[];
  announced: number;
  /** Everything that arrived, extra goods included. */
  received: number;
  /** What arrived of what was announced: each line counts up to its announced quantity. */
  receivedOfAnnounced: number;
  /**
   * Share of announced goods that arrived, 0–100; over-receipt on one line does not hide a shortage on
   * another.
   */
  percentage: number;
  state: CompletenessState;
  /** Units missing on the lines that read short, and units beyond what was announced on those that read over. */
  unitsShort: number;
  unitsOver: number;
};

const CANCELED = 'CAN';
const FINALIZED = 'FIN';

/** Worse states first: the receive takes the worst state among its lines. */
const severity: Record<CompletenessState, number> = {
  canceled: 6,
  short: 5,
  over: 4,
  partial: 3,
  awaiting: 2,
  complete: 1,
};

/**
 * Quantities are often fractional (metres, kilograms): sums such as 0.1 + 0.2 are kept to six decimals so
 * they compare equal to what was announced and show without float noise.
 */
function roundQuantity(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

function lineState(announced: number, received: number, finalized: boolean): CompletenessState {
  if (received > announced) return 'over';
  if (received === announced) return 'complete';
  if (finalized) return 'short';
  return received === 0 ? 'awaiting' : 'partial';
}

function asText(value: string | number | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : String(value);
}

/**
 * The announced line a shipment line names by line number, else by external reference. Either counts only
 * when the product matches too: an upstream may number shipment lines on its own, per shipment.
 */
function findNamedIndex(lines: ReceiveLine[], shipmentLine: ReceiveShipmentLine): number {
  const sameProduct = (line: ReceiveLine) => line.productCode === shipmentLine.productCode;
  const lineNumber = asText(shipmentLine.lineNumber);
  if (lineNumber !== undefined) {
    const index = lines.findIndex((line) => asText(line.lineNumber) === lineNumber && sameProduct(line));
    if (index >= 0) return index;
  }
  const external = shipmentLine.externalLineReference;
  if (external) {
    const index = lines.findIndex((line) => line.externalLineReference === external && sameProduct(line));
    if (index >= 0) return index;
  }
  return -1;
}

type Portion = { index: number; quantity: number };

/**
 * Spreads a quantity known only by product over the announced lines of that product, in order, each up to
 * what it still lacks; whatever is left goes to the last of them (which then reads over).
 */
function fillByProduct(
  indexes: number[],
  quantity: number,
  announced: number[],
  received: number[],
): Portion[] {
  let left = quantity;
  return indexes.map((index, position) => {
    const room = Math.max(0, roundQuantity(announced[index] - received[index]));
    const take = position === indexes.length - 1 ? left : Math.min(left, room);
    received[index] = roundQuantity(received[index] + take);
    left = roundQuantity(left - take);
    return { index, quantity: take };
  });
}

/** Hands sublines to the portions of their shipment line in order: each goes where its first unit fell. */
function splitSublines(sublines: ReceivedSubline[], portions: Portion[]): ReceivedSubline[][] {
  const result = portions.map((): ReceivedSubline[] => []);
  let start = 0;
  for (const subline of sublines) {
    let position = 0;
    let end = portions[0].quantity;
    while (start >= end && position < portions.length - 1) {
      position += 1;
      end += portions[position].quantity;
    }
    result[position].push(subline);
    start += subline.quantity;
  }
  return result;
}

/** The units by which the lines of `state` differ from what they announced, short or over alike. */
function differenceOf(lines: LineCompleteness[], state: 'short' | 'over'): number {
  const lineDifferences = lines.filter((line) => line.state === state).map((line) => line.difference);
  return roundQuantity(Math.abs(lineDifferences.reduce((sum, difference) => sum + difference, 0)));
}

/**
 * Compares what a receive announced (its lines) with what arrived (the lines of its shipments, canceled
 * shipments left out). Goods that match no announced line are listed as unannounced lines, which are over.
 */
export function computeReceiveCompleteness(receive: Receive): ReceiveCompleteness {
  const receiveCanceled = receive.status === CANCELED;
  const finalized = receive.status === FINALIZED;
  const announcedLines = receive.receiveLines;
  const announcedQuantities = announcedLines.map((line) => line.quantity);
  const receivedByLine = announcedLines.map(() => 0);
  const sublinesByLine: ReceivedSubline[][] = announcedLines.map(() => []);
  const unannounced = new Map<
    string,
    { line: ReceiveShipmentLine; received: number; sublines: ReceivedSubline[] }
  >();
  const byProductOnly: { shipmentLine: ReceiveShipmentLine; sublines: ReceivedSubline[] }[] = [];

  // Lines named by number or reference first, so goods known only by product fill what those left open.
  for (const shipment of receive.shipments) {
    if (shipment.status === CANCELED) continue;
    for (const shipmentLine of shipment.receiveLines) {
      const sublines = shipmentLine.sublines.map((subline) => ({ ...subline, shipmentId: shipment.id }));
      const index = findNamedIndex(announcedLines, shipmentLine);
      if (index < 0) {
        byProductOnly.push({ shipmentLine, sublines });
        continue;
      }
      receivedByLine[index] = roundQuantity(receivedByLine[index] + shipmentLine.quantity);
      sublinesByLine[index].push(...sublines);
    }
  }
  for (const { shipmentLine, sublines } of byProductOnly) {
    const indexes = announcedLines.flatMap((line, index) =>
      line.productCode === shipmentLine.productCode ? [index] : [],
    );
    if (indexes.length > 0) {
      const portions = fillByProduct(indexes, shipmentLine.quantity, announcedQuantities, receivedByLine);
      splitSublines(sublines, portions).forEach((part, position) => {
        sublinesByLine[portions[position].index].push(...part);
      });
      continue;
    }
    const extra = unannounced.get(shipmentLine.productCode) ?? {
      line: shipmentLine,
      received: 0,
      sublines: [],
    };
    extra.received = roundQuantity(extra.received + shipmentLine.quantity);
    extra.sublines.push(...sublines);
    unannounced.set(shipmentLine.productCode, extra);
  }

  const lines: LineCompleteness[] = announcedLines.map((line, index) => {
    const received = receivedByLine[index];
    return {
      key: `line-${index}`,
      lineNumber: asText(line.lineNumber),
      externalLineReference: line.externalLineReference,
      productCode: line.productCode,
      quantityUnit: line.quantityUnit,
      palletId: line.palletId,
      announced: line.quantity,
      received,
      difference: roundQuantity(received - line.quantity),
      state: receiveCanceled ? 'canceled' : lineState(line.quantity, received, finalized),
      unannounced: false,
      sublines: sublinesByLine[index],
    };
  });
  for (const [productCode, extra] of unannounced) {
    lines.push({
      key: `unannounced-${productCode}`,
      productCode,
      quantityUnit: extra.line.quantityUnit,
      announced: 0,
      received: extra.received,
      difference: extra.received,
      state: receiveCanceled ? 'canceled' : lineState(0, extra.received, finalized),
      unannounced: true,
      sublines: extra.sublines,
    });
  }

  const announced = roundQuantity(lines.reduce((sum, line) => sum + line.announced, 0));
  const received = roundQuantity(lines.reduce((sum, line) => sum + line.received, 0));
  const receivedOfAnnounced = roundQuantity(
    lines.reduce((sum, line) => sum + Math.min(line.received, line.announced), 0),
  );
  const percentage = announced === 0 ? (received > 0 ? 100 : 0) : (receivedOfAnnounced / announced) * 100;

  return {
    lines,
    announced,
    received,
    receivedOfAnnounced,
    percentage,
    state: receiveState(lines, receiveCanceled),
    unitsShort: differenceOf(lines, 'short'),
    unitsOver: differenceOf(lines, 'over'),
  };
}

/**
 * The worst state among the lines, except that lines still awaiting beside lines that received something
 * make the receive partial: it has started arriving.
 */
function receiveState(lines: LineCompleteness[], canceled: boolean): CompletenessState {
  if (canceled) return 'canceled';
  if (lines.length === 0) return 'awaiting';
  const worst = lines.reduce<CompletenessState>(
    (current, line) => (severity[line.state] > severity[current] ? line.state : current),
    'complete',
  );
  if (worst === 'awaiting' && lines.some((line) => line.received > 0)) return 'partial';
  return worst;
}

/**
 * An open receive is still expected while any announced line lacks goods; an excess on another line does
 * not make up for it.
 */
export function isStillExpected(
  status: string,
  completeness: Pick<ReceiveCompleteness, 'announced' | 'receivedOfAnnounced'>,
): boolean {
  return status === 'PRS' && completeness.receivedOfAnnounced < completeness.announced;
}

/** A whole-number percentage for display that never shows 100 while something is missing. */
export function displayPercentage(percentage: number): number {
  const rounded = Math.round(percentage);
  return rounded === 100 && percentage < 100 ? 99 : rounded;
}
