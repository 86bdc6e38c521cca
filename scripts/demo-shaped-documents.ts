/**
 * Orders and receives shaped like the demo's, in any number, for benchmarks: the demo week's documents
 * (read from an in-memory sandbox through its listing) are the templates, and each copy varies what
 * search looks at: references, the ship-to (or ship-from) person, email, phone and postal code, tracking
 * numbers, serial numbers and lots in the sublines, and the dates. Copy `index` is the same on every run
 * and every machine (seeded per copy), so a benchmark can make it again to know what it holds.
 */
import type { AddressBlock } from '#contract/address';
import type { KeyValue } from '#contract/common';
import type { Order } from '#contract/order';
import type { Receive } from '#contract/receive';
import { startSandbox } from '#sandbox/server';
import { trackingNumber } from '#sandbox/warehouse/carriers';
import { type SeededRandom, seededRandom } from '#sandbox/warehouse/seeded-random';

export type DemoTemplates = { orders: string[]; receives: string[]; returns: string[] };

/** Every order and receive of the demo week, as JSON texts (each copy parses its template afresh). */
export async function readDemoTemplates(): Promise<DemoTemplates> {
  const sandbox = await startSandbox({ dbFile: ':memory:', port: 0, seed: 'demo', autopilot: false });
  try {
    const all = async (name: 'orders' | 'receives') => {
      const items: Record<string, unknown>[] = [];
      let cursor: string | null = null;
      for (let page = 0; page < 100; page++) {
        const query = new URLSearchParams({ limit: '200', ...(cursor ? { cursor } : {}) });
        const response = await fetch(`${sandbox.url}/warehouse/v1/${name}?${query}`, {
          headers: { 'x-api-key': sandbox.config.apiKey },
        });
        if (!response.ok)
          throw new Error(`the demo sandbox answered ${response.status} to its ${name} listing`);
        const { data } = (await response.json()) as { data: Record<string, unknown> };
        items.push(...(data[name] as Record<string, unknown>[]));
        cursor = (data.nextCursor as string | null) ?? null;
        if (cursor === null) break;
      }
      return items;
    };
    const receives = await all('receives');
    return {
      orders: (await all('orders')).map((order) => JSON.stringify(order)),
      receives: receives.filter((receive) => receive.subtype !== 'RET').map((item) => JSON.stringify(item)),
      returns: receives.filter((receive) => receive.subtype === 'RET').map((item) => JSON.stringify(item)),
    };
  } finally {
    await sandbox.close();
  }
}

const firstNames = (
  'James Mary Robert Patricia John Jennifer Michael Linda David Elizabeth William Barbara Richard ' +
  'Susan Joseph Jessica Thomas Sarah Christopher Karen Daniel Lisa Matthew Nancy Anthony Betty ' +
  'Mark Sandra Maria Ashley Steven Kimberly Andrew Emily Joshua Donna Kevin Michelle Brian Carol ' +
  'Chloé Lukas Aiko Sofia Priya Mateo Jordan Hannah'
).split(' ');
const lastNames = (
  'Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernández Lopez ' +
  'Gonzalez Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris ' +
  'Sanchez Clark Ramirez Lewis Robinson Walker Young Allen King Wright Scott Torres Nguyen Hill ' +
  'Flores Green Adams Nelson Baker Hall Rivera Campbell Mitchell Okafor Tanaka Weber Novak'
).split(' ');
/** The names people are created with, for benchmarks that search by a name's first letters. */
export const personNames = { first: firstNames, last: lastNames };

const areaCodes = (
  '201 202 206 212 213 214 303 305 312 404 415 503 512 602 612 617 646 702 713 718 720 773 801 818 ' +
  '917 929 971 984'
).split(' ');
const mailDomains = ['example.com', 'example.net', 'example.org', 'mail.example'];

const ascii = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();

/**
 * A phone number like the template's: a US one gets a new area code, exchange and line; any other new digits
 * after its country code.
 */
function freshPhone(template: string, random: SeededRandom): string {
  if (template.startsWith('+1 ')) {
    return `+1 ${random.pick(areaCodes)} ${random.int(200, 999)} ${random.digits(4)}`;
  }
  const space = template.indexOf(' ');
  return template.slice(0, space) + template.slice(space).replace(/\d/g, () => random.digits(1));
}

/**
 * The same number as a person might say it: a US number as (AAA) EEE-LLLL, any other in its national
 * form (a leading 0 instead of the country code).
 */
export function phoneInOtherFormat(phone: string): string {
  const us = /^\+1 (\d{3}) (\d{3}) (\d{4})$/.exec(phone);
  if (us) return `(${us[1]}) ${us[2]}-${us[3]}`;
  return `0${phone.slice(phone.indexOf(' ') + 1)}`;
}

/** A new person at the same kind of address: name, email, phone and (in the US) postal code. */
function freshPerson(block: AddressBlock | null | undefined, random: SeededRandom): void {
  const contact = block?.contact;
  // Businesses (an organization on the address) keep their dock's name: they order again and again.
  if (!block || !contact?.personName || block.address?.organization) return;
  const first = random.pick(firstNames);
  const last = random.pick(lastNames);
  contact.personName = `${first} ${last}`;
  contact.emailAddress = `${ascii(first)}.${ascii(last)}${random.int(1, 9999)}@${random.pick(mailDomains)}`;
  if (contact.phoneNumber) contact.phoneNumber = freshPhone(contact.phoneNumber, random);
  const address = block.address;
  if (address && /^USA?$/.test(address.country ?? '') && /^\d{5}$/.test(address.postalCode ?? '')) {
    address.postalCode = random.digits(5);
  }
}

/** New serial numbers (same prefix) and lots; expiry dates stay. */
function freshAttributes(attributes: KeyValue[] | undefined, random: SeededRandom): void {
  for (const attribute of attributes ?? []) {
    if (attribute.key === 'SN') attribute.value = `${attribute.value.replace(/\d+$/, '')}${random.digits(8)}`;
    else if (attribute.key === 'LOT') attribute.value = `LOT${random.alphanumeric(6)}`;
  }
}

type AttributeLine = { partAttributes?: KeyValue[]; sublines?: { partAttributes?: KeyValue[] }[] };

/** New serial numbers and lots on each line and its sublines. */
function freshLines(lines: AttributeLine[], random: SeededRandom): void {
  for (const line of lines) {
    freshAttributes(line.partAttributes, random);
    for (const subline of line.sublines ?? []) freshAttributes(subline.partAttributes, random);
  }
}

/** Each shipment repeats its document's references and address, under an id of its own. */
function repeatOnShipments<S extends { id: string }>(
  shipments: S[],
  members: Partial<S>,
  { random, index }: { random: SeededRandom; index: number },
): void {
  shipments.forEach((shipment, position) => {
    Object.assign(shipment, members, { id: hexId(random, index, position) });
  });
}

const trackingFormats: Record<string, Parameters<typeof trackingNumber>[0]> = {
  UPS: 'ups',
  FEDEX: 'fedex',
  FDX: 'fedex',
  USPS: 'usps',
  DHL: 'dhl',
};

/**
 * A new 32-hex-digit id, as the service gives out, ending in the copy's index and the shipment's
 * position: the seeded streams have 32-bit seeds, so two copies in a million may share one.
 */
const hexId = (random: SeededRandom, index: number, position = 255) =>
  Array.from({ length: 22 }, () => '0123456789abcdef'[random.int(0, 15)]).join('') +
  position.toString(16).padStart(2, '0') +
  index.toString(16).padStart(8, '0');

const isoAt = (ms: number) => new Date(ms).toISOString().replace('Z', '+00:00');

/** Moves a timestamp by `deltaMs`, keeping null and absent values. */
function shifted<T extends string | null | undefined>(value: T, deltaMs: number): T {
  if (!value) return value;
  const ms = Date.parse(value);
  return (Number.isNaN(ms) ? value : isoAt(ms + deltaMs)) as T;
}

/** Where copies start and how far apart they are: a million orders span about two years. */
const orderEpochMs = Date.parse('2024-11-25T00:00:00Z');
const orderSpacingMs = 60_000;
const receiveSpacingMs = 600_000;
/** Copy `index` is order SO-(1,000,000 + index) and receive PO- or RMA-(5,000,000 + index). */
const orderNumberBase = 1_000_000;
const receiveNumberBase = 5_000_000;

const numberAfterPrefix = (reference: string, number: number) => `${reference.replace(/\d+$/, '')}${number}`;

export function orderReference(index: number): string {
  return `SO-${orderNumberBase + index}`;
}

/**
 * Copies of the demo's orders and receives (`orderCount` orders, to which returns refer). Each copy's
 * `dateLastUpdated` is its natural one (copies later in the sequence are newer), moved by `shiftMs`: a
 * later version of the same copy, or an older one.
 */
export function createDemoCopies(templates: DemoTemplates, { orderCount }: { orderCount: number }) {
  function retimed<T extends Order | Receive>(document: T, updatedMs: number): T {
    const deltaMs = updatedMs - Date.parse(document.dateLastUpdated ?? '');
    document.dateCreated = shifted(document.dateCreated, deltaMs);
    document.dateLastUpdated = isoAt(updatedMs);
    for (const shipment of document.shipments) {
      shipment.dateCreated = shifted(shipment.dateCreated, deltaMs);
      shipment.dateLastUpdated = shifted(shipment.dateLastUpdated, deltaMs);
    }
    return document;
  }

  function order(index: number, shiftMs = 0): Order {
    const random = seededRandom(`bench-order:${index}`);
    const natural = orderEpochMs + index * orderSpacingMs + random.int(0, orderSpacingMs - 1);
    const copy = JSON.parse(random.pick(templates.orders)) as Order;
    const was = copy.primaryReference;
    const reference = numberAfterPrefix(was, orderNumberBase + index);
    copy.id = hexId(random, index);
    copy.primaryReference = reference;
    if (copy.secondaryReference?.startsWith('WEB-')) {
      // Unique web shop numbers that do not follow the references' order: 3,000,000 to 8,999,999.
      copy.secondaryReference = `WEB-${3_000_000 + ((index * 7_919) % 6_000_000)}`;
    } else if (copy.secondaryReference) {
      copy.secondaryReference = copy.secondaryReference.replace(/\d/g, () => random.digits(1));
    }
    freshPerson(copy.shipToAddress, random);
    freshLines(copy.orderLines, random);
    const { secondaryReference, shipToAddress } = copy;
    repeatOnShipments(
      copy.shipments,
      { primaryReference: reference, secondaryReference, shipToAddress },
      { random, index },
    );
    copy.shipments.forEach((shipment, position) => {
      for (const box of shipment.packages ?? []) {
        if (box.packageReference) box.packageReference = box.packageReference.replace(was, reference);
      }
      const detail = shipment.trackingDetail;
      if (detail?.trackingNumber) {
        const format = trackingFormats[detail.carrierCode?.toUpperCase() ?? ''] ?? 'generic';
        detail.trackingNumber = trackingNumber(format, `bench:${reference}:${position}`);
      }
      freshLines(shipment.shipmentLines, random);
    });
    return retimed(copy, natural + shiftMs);
  }

  /** Every tenth receive is a return of one of the orders. */
  function receive(index: number, shiftMs = 0): Receive {
    const random = seededRandom(`bench-receive:${index}`);
    const natural = orderEpochMs + index * receiveSpacingMs + random.int(0, receiveSpacingMs - 1);
    const isReturn = index % 10 === 0;
    const copy = JSON.parse(random.pick(isReturn ? templates.returns : templates.receives)) as Receive;
    const reference = numberAfterPrefix(copy.primaryReference, receiveNumberBase + index);
    copy.id = hexId(random, index);
    copy.primaryReference = reference;
    if (copy.secondaryReference) {
      copy.secondaryReference = copy.secondaryReference.replace(/\d/g, () => random.digits(1));
    }
    if (copy.transportReference) {
      copy.transportReference = copy.transportReference.replace(/\d/g, () => random.digits(1));
    }
    for (const extra of copy.additionalReferences ?? []) {
      if (extra.key === 'originalOrder') extra.value = orderReference(random.int(0, orderCount - 1));
    }
    freshPerson(copy.shipFromAddress, random);
    freshLines(copy.receiveLines, random);
    const { secondaryReference, additionalReferences, shipFromAddress } = copy;
    repeatOnShipments(
      copy.shipments,
      { primaryReference: reference, secondaryReference, additionalReferences, shipFromAddress },
      { random, index },
    );
    for (const shipment of copy.shipments) freshLines(shipment.receiveLines, random);
    return retimed(copy, natural + shiftMs);
  }

  return { order, receive };
}
export type DemoCopies = ReturnType<typeof createDemoCopies>;

/**
 * Webhook deliveries made before a run, over an index filled with `orders` orders and `receives` receives:
 * half are newer versions of orders in the index, 15% new orders (numbered from `firstNewOrder`), 10% newer
 * versions of receives, 15% duplicates of an earlier delivery and 10% stale (a day older than the version
 * held).
 */
export function makeDeliveries(
  copies: DemoCopies,
  {
    total,
    seed,
    orders,
    receives,
    firstNewOrder,
  }: {
    total: number;
    seed: string;
    orders: number;
    receives: number;
    firstNewOrder: number;
  },
): string[] {
  const random = seededRandom(seed);
  const bodies: string[] = [];
  let newOrder = firstNewOrder;
  for (let index = 0; index < total; index++) {
    const roll = random.next();
    const later = (index + 1) * 1_000;
    if (roll < 0.5) bodies.push(JSON.stringify(copies.order(random.int(0, orders - 1), later)));
    else if (roll < 0.65) bodies.push(JSON.stringify(copies.order(newOrder++)));
    else if (roll < 0.75) bodies.push(JSON.stringify(copies.receive(random.int(0, receives - 1), later)));
    else if (roll < 0.9 && bodies.length > 0)
      bodies.push(bodies[random.int(Math.max(0, bodies.length - 1_000), bodies.length - 1)] as string);
    else bodies.push(JSON.stringify(copies.order(random.int(0, orders - 1), -86_400_000)));
  }
  return bodies;
}
