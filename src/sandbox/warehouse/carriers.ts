import type { TrackingDetail } from '../../contract/order';
import { seededRandom } from './seeded-random';

type Carrier = {
  carrierCode: string;
  carrierName: string;
  serviceLevelCode?: string;
  trackingFormat: TrackingFormat;
};
type TrackingFormat = 'ups' | 'fedex' | 'usps' | 'dhl' | 'generic';

/** The carrier the warehouse books for each rate group of the credentials packet. */
const rateGroupCarriers: Record<string, Carrier> = {
  ECONOMY: {
    carrierCode: 'USPS',
    carrierName: 'USPS Ground Advantage',
    serviceLevelCode: 'GA',
    trackingFormat: 'usps',
  },
  STANDARD: { carrierCode: 'UPS', carrierName: 'UPS Ground', serviceLevelCode: 'GND', trackingFormat: 'ups' },
  EXPEDITED: {
    carrierCode: 'FEDEX',
    carrierName: 'FedEx 2Day',
    serviceLevelCode: '2DAY',
    trackingFormat: 'fedex',
  },
};
const fallbackCarriers = Object.values(rateGroupCarriers);

const carrierNames: Record<string, { name: string; format: TrackingFormat }> = {
  UPS: { name: 'UPS', format: 'ups' },
  FEDEX: { name: 'FedEx', format: 'fedex' },
  FDX: { name: 'FedEx', format: 'fedex' },
  USPS: { name: 'USPS', format: 'usps' },
  DHL: { name: 'DHL Express', format: 'dhl' },
};

/** Realistic tracking numbers, so the dashboard can link to each carrier's tracking page. */
export function trackingNumber(format: TrackingFormat, seed: string): string {
  const random = seededRandom(`tracking:${seed}`);
  switch (format) {
    case 'ups':
      return `1Z${random.alphanumeric(6)}${random.digits(10)}`;
    case 'fedex':
      return `7${random.digits(11)}`;
    case 'usps':
      return `9400${random.digits(18)}`;
    case 'dhl':
      return random.digits(10);
    default:
      return random.alphanumeric(12);
  }
}

/**
 * The carrier a shipment leaves with: a rate-shopped order gets the carrier of its rate group (a rate group
 * the table does not know gets one of the three, chosen by its name); otherwise the order's transport
 * detail; with neither, the warehouse's default, UPS Ground.
 */
function plannedCarrier(order: {
  rateGroup?: string | null;
  transportDetail?: { carrierCode?: string; serviceLevelCode?: string } | null;
}): Carrier {
  if (order.rateGroup) {
    return (
      rateGroupCarriers[order.rateGroup] ??
      seededRandom(`rate-group:${order.rateGroup}`).pick(fallbackCarriers)
    );
  }
  const code = order.transportDetail?.carrierCode?.trim();
  if (code) return namedCarrier(code, order.transportDetail?.serviceLevelCode);
  return rateGroupCarriers.STANDARD as Carrier;
}

function namedCarrier(carrierCode: string, serviceLevelCode: string | undefined): Carrier {
  const known = carrierNames[carrierCode.toUpperCase()];
  return {
    carrierCode,
    carrierName: known?.name ?? carrierCode,
    ...(serviceLevelCode !== undefined && { serviceLevelCode }),
    trackingFormat: known?.format ?? 'generic',
  };
}

/**
 * Tracking for a shipment that leaves: the planned carrier's, with a number made stable by `seed`. Members
 * the operator sent win; a different carrier sent brings its own name and number format, not the planned
 * carrier's (and no service level unless one is sent).
 */
export function trackingFor(
  order: Parameters<typeof plannedCarrier>[0],
  seed: string,
  sent: TrackingDetail = {},
): TrackingDetail {
  const planned = plannedCarrier(order);
  const code = sent.carrierCode?.trim();
  const carrier =
    code && code.toUpperCase() !== planned.carrierCode.toUpperCase()
      ? namedCarrier(code, undefined)
      : planned;
  const { trackingFormat, ...named } = carrier;
  return { ...named, trackingNumber: trackingNumber(trackingFormat, seed), ...sent };
}

const baseRates: Record<string, number> = { USPS: 5.4, UPS: 9.25, FEDEX: 18.9, FDX: 18.9, DHL: 34.5 };

/** What the warehouse bills for a shipment: a base per carrier plus a rate per pound, in USD. */
export function shippingCost(carrierCode: string, weightLb: number): string {
  const base = baseRates[carrierCode.toUpperCase()] ?? 12;
  return (base + 0.85 * Math.max(weightLb, 0)).toFixed(2);
}
