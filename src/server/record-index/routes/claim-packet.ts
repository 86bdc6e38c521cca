import { RETURN_SUBTYPE, type Receive, senderOf } from '../../../contract/receive';
import { claimWindowOf, claimWindowWords } from '../../../domain/claim-window';
import { addressLines, attributeInWords } from '../../../domain/code-words';
import { formatNumber } from '../../../domain/format';
import { computeReceiveCompleteness, type LineCompleteness } from '../../../domain/receive-completeness';
import { extraWords, lineTitle, missingWords } from '../../../domain/receive-discrepancies';
import { receiveStateOf } from '../../../domain/record-states';

/** One announced (or unannounced) line: what was announced against what arrived over every shipment. */
export type ClaimLine = {
  line: string;
  productCode: string;
  announced: number;
  received: number;
  difference: number;
  /** "12 short", "3 over", "Complete". */
  result: string;
};

export type ClaimShipment = {
  id: string;
  docket: string;
  transportReference: string;
  status: string;
  arrived: string | null;
  lines: { line: string; productCode: string; received: number }[];
  milestones: { milestone: string; at: string | null }[];
};

export type ClaimPart = {
  shipment: string;
  line: string;
  productCode: string;
  quantity: number;
  part: string;
};

/** What the claim packet says of one receive or return, the same in its PDF and its CSV. */
export type ClaimPacket = {
  reference: string;
  kind: 'receive' | 'return';
  supplier: string;
  supplierAddress: string[];
  state: string;
  /** The lines short or over, in words: what the claim is about. */
  discrepancies: string[];
  warehouse: string;
  finalized: string | null;
  /** The countdown, or why there is none yet. */
  claimWindow: string;
  references: { label: string; value: string }[];
  lines: ClaimLine[];
  shipments: ClaimShipment[];
  parts: ClaimPart[];
};

/** A line by its number and product, as the receive page names it. */
const lineName = (line: { lineNumber?: string | number; externalLineReference?: string }) =>
  String(line.lineNumber ?? line.externalLineReference ?? '');

function resultOf(line: LineCompleteness): string {
  if (line.state === 'short') return `${formatNumber(-line.difference)} short`;
  if (line.state === 'over')
    return `${formatNumber(line.difference)} over${line.unannounced ? ', not announced' : ''}`;
  return receiveStateOf(line.state).label;
}

function shipmentsOf(receive: Receive): ClaimShipment[] {
  return receive.shipments.map((shipment) => ({
    id: shipment.id,
    docket: shipment.wmsDocketId ?? '',
    transportReference: shipment.transportReference || receive.transportReference || '',
    status: shipment.status,
    arrived: shipment.arrivalDate ?? null,
    lines: shipment.receiveLines.map((line) => ({
      line: lineName(line),
      productCode: line.productCode,
      received: line.quantity,
    })),
    milestones: shipment.milestones.map((milestone) => ({
      milestone: milestone.description ? `${milestone.description} (${milestone.code})` : milestone.code,
      at: milestone.actualDate ?? null,
    })),
  }));
}

/**
 * The claim packet of `receive` as the index holds it: finalized at `finishedMs` (the index's finished_ms),
 * its claim window `windowDays` long as of `nowMs`; attributes named by the packet's `attributeLabels`.
 */
export function claimPacketOf(
  receive: Receive,
  {
    finishedMs,
    windowDays,
    nowMs,
    attributeLabels,
  }: {
    finishedMs: number | null;
    windowDays: number;
    nowMs: number;
    attributeLabels: Record<string, string>;
  },
): ClaimPacket {
  const completeness = computeReceiveCompleteness(receive);
  const window = claimWindowOf(finishedMs, windowDays, nowMs);
  const address = receive.shipFromAddress?.address;
  const supplier = senderOf(receive);
  return {
    reference: receive.primaryReference,
    kind: receive.subtype === RETURN_SUBTYPE ? 'return' : 'receive',
    supplier,
    // The supplier is named already: the address's company line would say it twice.
    supplierAddress: address ? addressLines(address).filter((line) => line !== supplier) : [],
    state: receiveStateOf(completeness.state).label,
    discrepancies: completeness.lines
      .filter((line) => line.state === 'short' || line.state === 'over')
      .map((line) => `${lineTitle(line)}: ${line.state === 'short' ? missingWords(line) : extraWords(line)}`),
    warehouse: receive.warehouseCode ?? '',
    finalized: finishedMs === null ? null : new Date(finishedMs).toISOString(),
    claimWindow: window
      ? claimWindowWords(window)
      : `The claim window of ${windowDays} days starts when the warehouse finalizes it.`,
    references: [
      { label: 'Primary reference', value: receive.primaryReference },
      { label: 'Secondary reference', value: receive.secondaryReference ?? '' },
      { label: 'Transport reference', value: receive.transportReference ?? '' },
      ...receive.additionalReferences.map((item) => ({ label: item.key, value: item.value })),
    ].filter((reference) => reference.value !== ''),
    lines: completeness.lines.map((line) => ({
      line: lineName(line),
      productCode: line.productCode,
      announced: line.announced,
      received: line.received,
      difference: line.difference,
      result: resultOf(line),
    })),
    shipments: shipmentsOf(receive),
    parts: completeness.lines.flatMap((line) =>
      line.sublines.map((subline) => ({
        shipment: subline.shipmentId,
        line: lineName(line),
        productCode: line.productCode,
        quantity: subline.quantity,
        part: subline.partAttributes
          .map((attribute) => attributeInWords(attribute.key, attribute.value, attributeLabels))
          .join(', '),
      })),
    ),
  };
}
