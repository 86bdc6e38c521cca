// The one place the warehouse's codes (carrier services, units, attribute keys, address orders) are put into
// words a reader knows; a code none of these tables knows is shown as sent.

import { formatCalendarDay, formatNumber } from './format';

/** Words and the code they stand for, so a screen can show the code one look away (a title). */
export type CodeInWords = { words: string; code: string };

const serviceWords: Record<string, string> = {
  GND: 'Ground',
  GROUND: 'Ground',
  GA: 'Ground Advantage',
  '2DA': '2nd Day Air',
  '2DAY': '2nd Day Air',
  '1DA': 'Next Day Air',
  NDA: 'Next Day Air',
  '3DS': '3 Day Select',
  PRIORITY: 'Priority Mail',
  PRIORITY_OVERNIGHT: 'Priority Overnight',
  STANDARD_OVERNIGHT: 'Standard Overnight',
  EXPRESS: 'Express',
  EXPRESS_WORLDWIDE: 'Express Worldwide',
  INTL_PRIORITY: 'International Priority',
  INTL_ECONOMY: 'International Economy',
  WORLDWIDE_SAVER: 'Worldwide Saver',
  WORLDWIDE_EXPEDITED: 'Worldwide Expedited',
};

const rateGroupWords: Record<string, string> = {
  ECONOMY: 'Economy',
  STANDARD: 'Standard',
  EXPEDITED: 'Expedited',
};

const compact = (text: string) => text.toUpperCase().replace(/[^A-Z0-9]/g, '');

/**
 * "UPS Ground" for UPS and GND; the carrier alone without a service; an unknown service as sent. A carrier
 * name the warehouse sent that already says the service ("FedEx 2Day") is not given it twice.
 */
export function carrierServiceInWords(carrier: string, serviceCode: string | undefined | null): CodeInWords {
  const code = serviceCode?.trim() ?? '';
  if (code === '') return { words: carrier, code: '' };
  const service = serviceWords[code.toUpperCase()] ?? code;
  const named = carrier !== '' && [code, service].some((said) => compact(carrier).includes(compact(said)));
  if (named) return { words: carrier, code };
  return { words: carrier ? `${carrier} ${service}` : service, code };
}

/** A rate group in words ("Expedited"); one the table does not know as sent. */
export function rateGroupInWords(group: string): CodeInWords {
  const code = group.trim();
  return { words: rateGroupWords[code.toUpperCase()] ?? code, code };
}

/** Units counted one by one: the number says it all ("2", not "2 UNT"). */
const countedUnits = new Set(['UNT', 'EA', 'EACH', 'PC', 'PCS']);
const quantityUnitWords: Record<string, string> = { BOX: 'box', CS: 'case', CTN: 'carton', PLT: 'pallet' };

/** A quantity with its unit in words: "2" for units counted one by one, "3 case" for a case; else as sent. */
export function formatQuantity(value: number, unit?: string | null): string {
  const code = unit?.trim() ?? '';
  if (code === '' || countedUnits.has(code.toUpperCase())) return formatNumber(value);
  return `${formatNumber(value)} ${quantityUnitWords[code.toUpperCase()] ?? code}`;
}

/** A product's unit in words ("Each" for UNT), its code one look away; one not known as sent. */
export function quantityUnitInWords(unit: string): CodeInWords {
  const code = unit.trim();
  const words = countedUnits.has(code.toUpperCase()) ? 'Each' : quantityUnitWords[code.toUpperCase()];
  return { words: words ? words.charAt(0).toUpperCase() + words.slice(1) : code, code };
}

const lengthUnits: Record<string, string> = { IN: 'in', INCH: 'in', CM: 'cm', MM: 'mm', M: 'm', FT: 'ft' };
const weightUnits: Record<string, string> = {
  LB: 'lb',
  LBS: 'lb',
  OZ: 'oz',
  KG: 'kg',
  KGS: 'kg',
  G: 'g',
  GR: 'g',
};

// Floating point: 0.22 × 100 is 22.000000000000004; four decimals are more than any warehouse measures.
const rounded = (value: number) => Number(value.toFixed(4));

/**
 * Sides with their unit in the reader's words: "30 × 22 × 12 cm" (metres under one metre read as
 * centimetres), "10 × 8 × 4 in"; an empty string when no side is given (0 means "not supplied").
 */
export function formatDimensions(
  sides: readonly (number | null | undefined)[],
  unit?: string | null,
): string {
  if (sides.every((side) => !side)) return '';
  const code = unit?.trim().toUpperCase() ?? '';
  const values = sides.map((side) => side ?? 0);
  const inCentimetres = code === 'M' && Math.max(...values) < 1;
  const shown = values.map((side) => formatNumber(rounded(inCentimetres ? side * 100 : side))).join(' × ');
  const words = inCentimetres ? 'cm' : (lengthUnits[code] ?? unit?.trim() ?? '');
  return words ? `${shown} ${words}` : shown;
}

/** A weight with its unit in the reader's words: "1.2 kg", "3 lb"; empty when none is given (0 = not supplied). */
export function formatWeight(value: number | null | undefined, unit?: string | null): string {
  if (!value) return '';
  const code = unit?.trim() ?? '';
  const words = weightUnits[code.toUpperCase()] ?? code;
  return words ? `${formatNumber(value)} ${words}` : formatNumber(value);
}

const attributeWords: Record<string, string> = {
  SN: 'Serial number',
  'SERIAL NUMBER': 'Serial number',
  LOT: 'Lot',
  BATCH: 'Batch',
  EXP: 'Expiry',
  'EXPIRY DATE': 'Expiry',
  BBD: 'Best before',
};

/**
 * An attribute by its label: "Expiry Apr 24, 2028" for EXP 2028-04-24. The packet's label wins (`labels`,
 * key → label, as the console's settings give them), then the keys the operator's documents use; a key
 * neither knows is shown as sent, and a value that is a calendar day reads as one.
 */
export function attributeInWords(
  key: string,
  value: string,
  labels: Readonly<Record<string, string>> = {},
): string {
  const packetLabel = labels[key];
  const label =
    packetLabel && packetLabel !== key ? packetLabel : (attributeWords[key.trim().toUpperCase()] ?? key);
  const shown = /^\d{4}-\d{2}-\d{2}$/.test(value.trim()) ? formatCalendarDay(value.trim()) : value;
  return `${label} ${shown}`;
}

type PostalAddress = {
  organization?: string;
  addressLine1?: string;
  addressLine2?: string;
  city?: string;
  state?: string;
  postalCode?: string;
  country?: string;
};

const twoLetterCountries: Record<string, string> = {
  USA: 'US',
  CAN: 'CA',
  GBR: 'GB',
  UK: 'GB',
  DEU: 'DE',
  FRA: 'FR',
  NLD: 'NL',
  AUS: 'AU',
  BEL: 'BE',
  AUT: 'AT',
  CHE: 'CH',
  ESP: 'ES',
  ITA: 'IT',
  IRL: 'IE',
};

/** The country's two-letter code, from either form the interface sends ("USA" or "US"). */
function countryCode(country: string | undefined): string {
  const code = country?.trim().toUpperCase() ?? '';
  return twoLetterCountries[code] ?? code;
}

const join = (parts: readonly (string | undefined)[], separator = ' ') =>
  parts
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(separator);

// Where the postcode goes, by country: after the state (North America, Australia), before the city
// (most of Europe), or on its own line (Britain, Ireland).
const postcodeFirst = new Set(['DE', 'FR', 'NL', 'BE', 'AT', 'CH', 'ES', 'IT', 'DK', 'SE', 'NO', 'PL', 'PT']);

function cityLines({ city, state, postalCode }: PostalAddress, country: string): string[] {
  if (country === 'US') return [join([join([city, state], ', '), postalCode])];
  if (country === 'CA' || country === 'AU') return [join([city, state, postalCode])];
  if (country === 'GB' || country === 'IE')
    return [city, state, postalCode].filter((line): line is string => Boolean(line?.trim()));
  if (postcodeFirst.has(country)) return [join([postalCode, city]), state ?? ''];
  return [join([join([city, state], ', '), postalCode])];
}

const regionNames = (() => {
  try {
    return new Intl.DisplayNames(undefined, { type: 'region' });
  } catch {
    return null;
  }
})();

/** "United States" for US or USA; a country the reader's browser cannot name as sent. */
export function countryInWords(country: string | undefined): CodeInWords {
  const sent = country?.trim() ?? '';
  const code = countryCode(sent);
  let words = sent;
  if (/^[A-Z]{2}$/.test(code)) {
    try {
      words = regionNames?.of(code) ?? sent;
    } catch {
      // Not a region the browser knows: as sent.
    }
  }
  return { words, code: sent };
}

/**
 * An address's lines in the order its country writes them: "Denver, CO 80202" in the US, "80331 München" in
 * Germany, the postcode on its own line in Britain; elsewhere "City, State Postcode". The country line comes
 * last; empty parts are left out.
 */
export function addressLines(address: PostalAddress): string[] {
  const country = countryCode(address.country);
  return [address.organization, address.addressLine1, address.addressLine2, ...cityLines(address, country)]
    .map((line) => line?.trim() ?? '')
    .filter(Boolean);
}
