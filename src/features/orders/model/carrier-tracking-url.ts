type KnownCarrier = { name: string; trackingPage?: string };

const fedEx: KnownCarrier = { name: 'FedEx', trackingPage: 'https://www.fedex.com/fedextrack/?trknbr=' };

/** Carriers by the codes operators send, in words, with their public tracking page (the number is appended). */
const knownCarriers: Record<string, KnownCarrier> = {
  UPS: { name: 'UPS', trackingPage: 'https://www.ups.com/track?tracknum=' },
  FEDEX: fedEx,
  FDX: fedEx,
  FDXE: { ...fedEx, name: 'FedEx Express' },
  FDXG: { ...fedEx, name: 'FedEx Ground' },
  USPS: { name: 'USPS', trackingPage: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=' },
  DHL: { name: 'DHL Express', trackingPage: 'https://www.dhl.com/en/express/tracking.html?AWB=' },
};

function knownCarrier(carrierCode: string | undefined): KnownCarrier | undefined {
  return carrierCode ? knownCarriers[carrierCode.trim().toUpperCase()] : undefined;
}

/**
 * The carrier in words: the name the warehouse sent, else the name we know for its code, else the code as
 * sent (an empty string when there is neither).
 */
export function carrierInWords(carrierCode: string | undefined, carrierName?: string): string {
  return carrierName?.trim() || knownCarrier(carrierCode)?.name || carrierCode?.trim() || '';
}

/** The carrier's tracking page for this number, or undefined when the carrier has none we know. */
export function carrierTrackingUrl(
  carrierCode: string | undefined,
  trackingNumber: string | undefined,
): string | undefined {
  const number = trackingNumber?.trim();
  const base = knownCarrier(carrierCode)?.trackingPage;
  return base && number ? `${base}${encodeURIComponent(number)}` : undefined;
}
