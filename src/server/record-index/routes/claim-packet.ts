import type { Claimant } from '../../../contract/console-config';
import { RETURN_SUBTYPE, type Receive, senderOf } from '../../../contract/receive';
import type { UnitCost } from '../../../contract/unit-costs';
import { claimWindowOf, claimWindowWords } from '../../../domain/claim-window';
import { addressLines, attributeInWords } from '../../../domain/code-words';
import { formatNumber, formatPrice } from '../../../domain/format';
import { computeReceiveCompleteness, type LineCompleteness } from '../../../domain/receive-completeness';
import { extraWords, lineName, lineTitle, missingWords } from '../../../domain/receive-discrepancies';
import { receiveStateOf } from '../../../domain/record-states';
import { type ClaimShipment, deliveriesOf } from './claim-deliveries';

/** A product as the index holds it: what the packet names it by and what a unit of it is worth. */
export type ClaimProduct = { description: string | null; unitPrice: number | null; currency: string | null };

/** One announced (or unannounced) line: what was announced against what arrived, in units and in money. */
export type ClaimLine = {
  line: string;
  productCode: string;
  /** The product's description, '' when the index holds none. */
  productName: string;
  announced: number;
  received: number;
  difference: number;
  /** "12 short", "3 over", "Complete". */
  result: string;
  /**
   * What a unit is worth and in which currency: the cost entered on the receive's line, else the product's
   * price; null and '' when neither is held.
   */
  unitPrice: number | null;
  currency: string;
  /** Where the unit price came from. */
  priceFrom: 'entered' | 'product' | null;
  /** The difference in money (negative when short); null without a price. */
  value: number | null;
};

export type ClaimPart = {
  /** The delivery's docket, else its number. */
  delivery: string;
  line: string;
  productCode: string;
  quantity: number;
  part: string;
};

/** What the claim is worth in one currency: the units short and over, in money. */
export type ClaimTotal = { currency: string; short: number; over: number };

/** What the claim packet says of one receive or return, the same in its PDF and its CSV. */
export type ClaimPacket = {
  reference: string;
  kind: 'receive' | 'return';
  /** Who claims (CLAIMANT_NAME and CLAIMANT_CONTACT); null when the console names nobody. */
  claimant: Claimant | null;
  supplier: string;
  supplierAddress: string[];
  state: string;
  /** The lines short or over, in words with their product and worth: what the claim is about. */
  discrepancies: string[];
  totals: ClaimTotal[];
  warehouse: string;
  finalized: string | null;
  /** The countdown, or why there is none yet. */
  claimWindow: string;
  references: { label: string; value: string }[];
  lines: ClaimLine[];
  shipments: ClaimShipment[];
  parts: ClaimPart[];
};

function resultOf(line: LineCompleteness): string {
  if (line.state === 'short') return `${formatNumber(-line.difference)} short`;
  if (line.state === 'over')
    return `${formatNumber(line.difference)} over${line.unannounced ? ', not announced' : ''}`;
  return receiveStateOf(line.state).label;
}

/** "Line 1, TEE-S (Organic tee): 4 of 10 did not arrive, worth $48.00 at $12.00 each". */
function discrepancyWords(line: LineCompleteness, claim: ClaimLine): string {
  const what = `${lineTitle(line)}${claim.productName ? ` (${claim.productName})` : ''}`;
  const words = line.state === 'short' ? missingWords(line) : extraWords(line);
  const worth =
    claim.value === null || claim.unitPrice === null
      ? ', no price held'
      : `, worth ${formatPrice(Math.abs(claim.value), claim.currency)} at ${formatPrice(claim.unitPrice, claim.currency)} each`;
  return `${what}: ${words}${worth}`;
}

/** The worth of the units short and over, a total per currency. */
function totalsOf(lines: ClaimLine[]): ClaimTotal[] {
  const totals = new Map<string, ClaimTotal>();
  for (const { value, currency } of lines) {
    if (value === null || value === 0) continue;
    const total = totals.get(currency) ?? { currency, short: 0, over: 0 };
    if (value < 0) total.short += -value;
    else total.over += value;
    totals.set(currency, total);
  }
  return [...totals.values()];
}

/**
 * The claim packet of `receive` as the index holds it: finalized at `finishedMs` (the index's finished_ms),
 * its claim window `windowDays` long as of `nowMs`; products named and priced by `products` (by code),
 * in `priceCurrency` when a product names none; attributes named by the packet's `attributeLabels`.
 */
export function claimPacketOf(
  receive: Receive,
  input: {
    finishedMs: number | null;
    windowDays: number;
    nowMs: number;
    attributeLabels: Record<string, string>;
    products: Record<string, ClaimProduct>;
    priceCurrency: string;
    claimant: Claimant;
    /** The unit costs entered on the receive's lines, which count before the products' prices. */
    unitCosts: UnitCost[];
  },
): ClaimPacket {
  const completeness = computeReceiveCompleteness(receive);
  const window = claimWindowOf(input.finishedMs, input.windowDays, input.nowMs);
  const address = receive.shipFromAddress?.address;
  const supplier = senderOf(receive);
  const entered = new Map(input.unitCosts.map((cost) => [`${cost.line}\u0000${cost.productCode}`, cost]));
  const claims = completeness.lines.map((line): ClaimLine => {
    const product = Object.hasOwn(input.products, line.productCode) ? input.products[line.productCode] : null;
    const cost = entered.get(`${lineName(line)}\u0000${line.productCode}`);
    const unitPrice = cost?.unitCost ?? product?.unitPrice ?? null;
    const productCurrency = product?.currency ?? input.priceCurrency;
    return {
      line: lineName(line),
      productCode: line.productCode,
      productName: product?.description ?? '',
      announced: line.announced,
      received: line.received,
      difference: line.difference,
      result: resultOf(line),
      unitPrice,
      currency: cost?.currency ?? (unitPrice === null ? '' : productCurrency),
      priceFrom: cost ? 'entered' : unitPrice === null ? null : 'product',
      // Kept to the cent's hundredth, as prices are: 0.1 × 3 is 0.3, not 0.30000000000000004.
      value: unitPrice === null ? null : Math.round(line.difference * unitPrice * 10_000) / 10_000,
    };
  });
  const deliveries = deliveriesOf(receive);
  const labels = new Map(deliveries.map((delivery) => [delivery.id, delivery.label]));
  return {
    reference: receive.primaryReference,
    kind: receive.subtype === RETURN_SUBTYPE ? 'return' : 'receive',
    claimant: input.claimant.name ? input.claimant : null,
    supplier,
    // The supplier is named already: the address's company line would say it twice.
    supplierAddress: address ? addressLines(address).filter((line) => line !== supplier) : [],
    state: receiveStateOf(completeness.state).label,
    discrepancies: completeness.lines.flatMap((line, index) =>
      line.state === 'short' || line.state === 'over'
        ? [discrepancyWords(line, claims[index] as ClaimLine)]
        : [],
    ),
    totals: totalsOf(claims),
    warehouse: receive.warehouseCode ?? '',
    finalized: input.finishedMs === null ? null : new Date(input.finishedMs).toISOString(),
    claimWindow: window
      ? claimWindowWords(window)
      : `The claim window of ${input.windowDays} days starts when the warehouse finalizes it.`,
    references: [
      { label: 'Primary reference', value: receive.primaryReference },
      { label: 'Secondary reference', value: receive.secondaryReference ?? '' },
      { label: 'Transport reference', value: receive.transportReference ?? '' },
      ...receive.additionalReferences.map((item) => ({ label: item.key, value: item.value })),
    ].filter((reference) => reference.value !== ''),
    lines: claims,
    shipments: deliveries,
    parts: completeness.lines.flatMap((line) =>
      line.sublines.map((subline) => ({
        delivery: labels.get(subline.shipmentId) ?? '',
        line: lineName(line),
        productCode: line.productCode,
        quantity: subline.quantity,
        part: subline.partAttributes
          .map((attribute) => attributeInWords(attribute.key, attribute.value, input.attributeLabels))
          .join(', '),
      })),
    ),
  };
}
