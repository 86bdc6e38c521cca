import { describe, expect, it } from 'vitest';
import { carrierInWords, carrierTrackingUrl } from './carrier-tracking-url';

describe('carrierTrackingUrl', () => {
  it.each([
    ['UPS', 'https://www.ups.com/track?tracknum=1Z999'],
    ['fedex', 'https://www.fedex.com/fedextrack/?trknbr=1Z999'],
    ['USPS', 'https://tools.usps.com/go/TrackConfirmAction?tLabels=1Z999'],
    ['DHL', 'https://www.dhl.com/en/express/tracking.html?AWB=1Z999'],
  ])('links %s to its tracking page', (carrier, url) => {
    expect(carrierTrackingUrl(carrier, ' 1Z999 ')).toBe(url);
  });

  it('encodes the tracking number', () => {
    expect(carrierTrackingUrl('UPS', 'A B&C')).toBe('https://www.ups.com/track?tracknum=A%20B%26C');
  });

  it('gives no link for carriers without a tracking page or without a number', () => {
    expect(carrierTrackingUrl('ONTRAC', '123')).toBeUndefined();
    expect(carrierTrackingUrl('UPS', '')).toBeUndefined();
    expect(carrierTrackingUrl(undefined, '123')).toBeUndefined();
  });
});

describe('carrierInWords', () => {
  it('prefers the name the warehouse sent, then the name of a known code, then the code as sent', () => {
    expect(carrierInWords('UPS', 'UPS Ground')).toBe('UPS Ground');
    expect(carrierInWords('fdxg')).toBe('FedEx Ground');
    expect(carrierInWords('DHL', ' ')).toBe('DHL Express');
    expect(carrierInWords('ACME')).toBe('ACME');
    expect(carrierInWords(undefined)).toBe('');
  });
});
