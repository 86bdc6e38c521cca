import { describe, expect, it } from 'vitest';
import {
  addressLines,
  attributeInWords,
  carrierServiceInWords,
  countryInWords,
  formatDimensions,
  formatWeight,
  rateGroupInWords,
} from './code-words';
import { formatCalendarDay } from './format';

describe('carrierServiceInWords', () => {
  it('names the services the demo and the operator use, with the code kept beside', () => {
    expect(carrierServiceInWords('UPS', 'GND')).toEqual({ words: 'UPS Ground', code: 'GND' });
    expect(carrierServiceInWords('FedEx', '2DAY').words).toBe('FedEx 2nd Day Air');
    expect(carrierServiceInWords('UPS', 'worldwide_saver').words).toBe('UPS Worldwide Saver');
    expect(carrierServiceInWords('DHL Express', 'EXPRESS_WORLDWIDE').words).toBe(
      'DHL Express Express Worldwide',
    );
  });

  it('does not repeat a service the carrier name the warehouse sent already says', () => {
    expect(carrierServiceInWords('UPS Ground', 'GND')).toEqual({ words: 'UPS Ground', code: 'GND' });
    expect(carrierServiceInWords('FedEx 2Day', '2DAY')).toEqual({ words: 'FedEx 2Day', code: '2DAY' });
    expect(carrierServiceInWords('USPS Ground Advantage', 'GA').words).toBe('USPS Ground Advantage');
  });

  it('shows an unknown service as sent, and the carrier alone without one', () => {
    expect(carrierServiceInWords('UPS', 'ZX9')).toEqual({ words: 'UPS ZX9', code: 'ZX9' });
    expect(carrierServiceInWords('UPS', undefined)).toEqual({ words: 'UPS', code: '' });
    expect(carrierServiceInWords('', 'GND').words).toBe('Ground');
  });
});

describe('rateGroupInWords', () => {
  it('names known rate groups and leaves others as sent', () => {
    expect(rateGroupInWords('EXPEDITED')).toEqual({ words: 'Expedited', code: 'EXPEDITED' });
    expect(rateGroupInWords('NIGHT-OWL')).toEqual({ words: 'NIGHT-OWL', code: 'NIGHT-OWL' });
  });
});

describe('formatDimensions', () => {
  it('reads metres under a metre as centimetres, without floating-point noise', () => {
    expect(formatDimensions([0.3, 0.22, 0.12], 'M')).toBe('30 × 22 × 12 cm');
  });

  it('keeps metres for a side of a metre or more, and writes other units in lower case words', () => {
    expect(formatDimensions([1.2, 0.8, 0.5], 'M')).toBe('1.2 × 0.8 × 0.5 m');
    expect(formatDimensions([10, 8, 4], 'IN')).toBe('10 × 8 × 4 in');
  });

  it('shows an unknown unit as sent, and nothing when no side is given', () => {
    expect(formatDimensions([2, 3, 4], 'YD')).toBe('2 × 3 × 4 YD');
    expect(formatDimensions([0, 0, 0], 'IN')).toBe('');
    expect(formatDimensions([2, 3, 4])).toBe('2 × 3 × 4');
  });
});

describe('formatWeight', () => {
  it('writes the weight units the reader knows, an unknown one as sent, and nothing for 0', () => {
    expect(formatWeight(1.2, 'KG')).toBe('1.2 kg');
    expect(formatWeight(3, 'LB')).toBe('3 lb');
    expect(formatWeight(12, 'oz')).toBe('12 oz');
    expect(formatWeight(5, 'ST')).toBe('5 ST');
    expect(formatWeight(0, 'LB')).toBe('');
  });
});

describe('attributeInWords', () => {
  it('names a known key by its label and reads a calendar day as a date', () => {
    expect(attributeInWords('EXP', '2028-04-24')).toBe(`Expiry ${formatCalendarDay('2028-04-24')}`);
    expect(attributeInWords('SERIAL NUMBER', 'A1')).toBe('Serial number A1');
  });

  it("prefers the packet's own label, and shows an unknown key as sent", () => {
    expect(attributeInWords('LOT', 'L-9', { LOT: 'Batch lot' })).toBe('Batch lot L-9');
    expect(attributeInWords('COLOR', 'red')).toBe('COLOR red');
  });
});

describe('addressLines', () => {
  const street = { addressLine1: '1 Main St' };

  it('writes a US address as "City, ST 80202", from either country form', () => {
    const lines = ['1 Main St', 'Denver, CO 80202'];
    expect(
      addressLines({ ...street, city: 'Denver', state: 'CO', postalCode: '80202', country: 'US' }),
    ).toEqual(lines);
    expect(
      addressLines({ ...street, city: 'Denver', state: 'CO', postalCode: '80202', country: 'USA' }),
    ).toEqual(lines);
  });

  it('puts the postcode after the province in Canada and Australia', () => {
    expect(addressLines({ city: 'Toronto', state: 'ON', postalCode: 'M5V 2T6', country: 'CA' })).toEqual([
      'Toronto ON M5V 2T6',
    ]);
    expect(addressLines({ city: 'Sydney', state: 'NSW', postalCode: '2000', country: 'AUS' })).toEqual([
      'Sydney NSW 2000',
    ]);
  });

  it('puts the postcode on its own line in Britain', () => {
    expect(addressLines({ city: 'London', postalCode: 'SW1A 1AA', country: 'GB' })).toEqual([
      'London',
      'SW1A 1AA',
    ]);
  });

  it('puts the postcode before the city in Germany, France and the Netherlands', () => {
    expect(addressLines({ city: 'München', postalCode: '80331', country: 'DE' })).toEqual(['80331 München']);
    expect(addressLines({ city: 'Paris', postalCode: '75001', country: 'FRA' })).toEqual(['75001 Paris']);
    expect(addressLines({ city: 'Amsterdam', postalCode: '1012 AB', country: 'NL' })).toEqual([
      '1012 AB Amsterdam',
    ]);
  });

  it('writes any other country as "City, State Postcode", leaving out what is missing', () => {
    expect(
      addressLines({
        organization: 'Acme',
        city: 'Osaka',
        state: 'Osaka',
        postalCode: '530-0001',
        country: 'JP',
      }),
    ).toEqual(['Acme', 'Osaka, Osaka 530-0001']);
    expect(addressLines({ city: 'Nowhere' })).toEqual(['Nowhere']);
  });
});

describe('countryInWords', () => {
  it('names a country from its two- or three-letter code, keeping the code sent', () => {
    expect(countryInWords('USA')).toEqual({
      words: new Intl.DisplayNames(undefined, { type: 'region' }).of('US'),
      code: 'USA',
    });
    expect(countryInWords('ZZZ9')).toEqual({ words: 'ZZZ9', code: 'ZZZ9' });
  });
});
