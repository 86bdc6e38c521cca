import type { Subline } from '../../../contract/order';
import type { Receive, ReceiveLine, ReceiveShipmentLine } from '../../../contract/receive';

/** How far one line (or the whole receive) got, as a manager reads it. */
export type CompletenessState = 'awaiting' | 'partial' | 'complete' | 'short' | 'over' | 'canceled';

export type ReceivedSubline = Subline & { shipmentId: string };

export type LineCompleteness = {
  /** Key unique within the receive, for React lists and tests. */
  key: string;
  lineNumber?: string;
  externalLineReference?: string;
  productCode: string;
  quantityUnit?: string;
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
  /** Share of announced goods that arrived, 0–100; over-receipt on one line does not hide a shortage on another. */
  percentage: number;
  state: CompletenessState;
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

function lineState(announced: number, received: number, finalized: boolean): CompletenessState {
  if (received > announced) return 'over';
  if (received === announced) return 'complete';
  if (finalized) return 'short';
  return received === 0 ? 'awaiting' : 'partial';
}

function asText(value: string | number | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : String(value);
}

/** Finds the announced line a shipment line reports on: by line number, else external reference, else product. */
function findAnnouncedIndex(lines: ReceiveLine[], shipmentLine: ReceiveShipmentLine): number {
  const lineNumber = asText(shipmentLine.lineNumber);
  if (lineNumber !== undefined) {
    const index = lines.findIndex((line) => asText(line.lineNumber) === lineNumber);
    if (index >= 0) return index;
  }
  const external = shipmentLine.externalLineReference;
  if (external) {
    const index = lines.findIndex((line) => line.externalLineReference === external);
    if (index >= 0) return index;
  }
  return lines.findIndex((line) => line.productCode === shipmentLine.productCode);
}

/**
 * Compares what a receive announced (its lines) with what arrived (the lines of its shipments, canceled
 * shipments left out). Goods that match no announced line are listed as unannounced lines, which are over.
 */
export function computeReceiveCompleteness(receive: Receive): ReceiveCompleteness {
  const receiveCanceled = receive.status === CANCELED;
  const finalized = receive.status === FINALIZED;
  const announcedLines = receive.receiveLines;
  const receivedByLine = announcedLines.map(() => 0);
  const sublinesByLine: ReceivedSubline[][] = announcedLines.map(() => []);
  const unannounced = new Map<
    string,
    { line: ReceiveShipmentLine; received: number; sublines: ReceivedSubline[] }
  >();

  for (const shipment of receive.shipments) {
    if (shipment.status === CANCELED) continue;
    for (const shipmentLine of shipment.receiveLines) {
      const sublines = shipmentLine.sublines.map((subline) => ({ ...subline, shipmentId: shipment.id }));
      const index = findAnnouncedIndex(announcedLines, shipmentLine);
      if (index >= 0) {
        receivedByLine[index] += shipmentLine.quantity;
        sublinesByLine[index].push(...sublines);
        continue;
      }
      const extra = unannounced.get(shipmentLine.productCode) ?? {
        line: shipmentLine,
        received: 0,
        sublines: [],
      };
      extra.received += shipmentLine.quantity;
      extra.sublines.push(...sublines);
      unannounced.set(shipmentLine.productCode, extra);
    }
  }

  const lines: LineCompleteness[] = announcedLines.map((line, index) => {
    const received = receivedByLine[index];
    return {
      key: `line-${index}`,
      lineNumber: asText(line.lineNumber),
      externalLineReference: line.externalLineReference,
      productCode: line.productCode,
      quantityUnit: line.quantityUnit,
      announced: line.quantity,
      received,
      difference: received - line.quantity,
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

  const announced = lines.reduce((sum, line) => sum + line.announced, 0);
  const received = lines.reduce((sum, line) => sum + line.received, 0);
  const receivedOfAnnounced = lines.reduce((sum, line) => sum + Math.min(line.received, line.announced), 0);
  const percentage = announced === 0 ? (received > 0 ? 100 : 0) : (receivedOfAnnounced / announced) * 100;

  return {
    lines,
    announced,
    received,
    receivedOfAnnounced,
    percentage,
    state: receiveState(lines, receiveCanceled),
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

/** A whole-number percentage for display that never shows 100 while something is missing. */
export function displayPercentage(percentage: number): number {
  const rounded = Math.round(percentage);
  return rounded === 100 && percentage < 100 ? 99 : rounded;
}

export const completenessStateLabels: Record<CompletenessState, string> = {
  awaiting: 'Awaiting',
  partial: 'Partial',
  complete: 'Complete',
  short: 'Short',
  over: 'Over',
  canceled: 'Canceled',
};
