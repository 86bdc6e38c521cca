/** Public tracking pages of the carriers that have one; the tracking number is appended, URL-encoded. */
const trackingPageByCarrier: Record<string, string> = {
  UPS: 'https://www.ups.com/track?tracknum=',
  FEDEX: 'https://www.fedex.com/fedextrack/?trknbr=',
  FDX: 'https://www.fedex.com/fedextrack/?trknbr=',
  FDXE: 'https://www.fedex.com/fedextrack/?trknbr=',
  FDXG: 'https://www.fedex.com/fedextrack/?trknbr=',
  USPS: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=',
  DHL: 'https://www.dhl.com/en/express/tracking.html?AWB=',
};

/** The carrier's tracking page for this number, or undefined when the carrier has none we know. */
export function carrierTrackingUrl(
  carrierCode: string | undefined,
  trackingNumber: string | undefined,
): string | undefined {
  const number = trackingNumber?.trim();
  if (!carrierCode || !number) return undefined;
  const base = trackingPageByCarrier[carrierCode.trim().toUpperCase()];
  return base ? `${base}${encodeURIComponent(number)}` : undefined;
}
