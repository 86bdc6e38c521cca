import type { KeyValue } from '../contract/common';
import type { Order } from '../contract/order';
import type { AddressBlock, PostalAddress } from '../contract/address';
import type { PartTrace, TraceEntry } from '../contract/part-trace';
import { RETURN_SUBTYPE, type Receive, senderOf } from '../contract/receive';
import { originalOrderOf } from '../contract/return-references';

/** A value as people type it and as documents hold it: letter case and surrounding blanks do not matter. */
const sameValue = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

type Subline = { quantity: number; partAttributes: KeyValue[] };
type Line = { productCode: string; sublines: Subline[] };

/** One lot or serial number (or other captured value) a document holds, and the trace entry it makes. */
export type HeldPart = { value: string; entry: TraceEntry };

/** What a subline says of one of its values: the other entry fields come from the shipment and record. */
type SublineHolding = Pick<TraceEntry, 'productCode' | 'quantity' | 'attributeKey' | 'otherAttributes'> & {
  value: string;
};

/** Every value the sublines of `lines` hold, with the attribute that held it and the subline's others. */
function valuesOfSublines(lines: Line[]): SublineHolding[] {
  return lines.flatMap((line) =>
    line.sublines.flatMap((subline) =>
      subline.partAttributes.map((held) => ({
        value: held.value,
        productCode: line.productCode,
        quantity: subline.quantity,
        attributeKey: held.key,
        otherAttributes: subline.partAttributes.filter((attribute) => attribute !== held),
      })),
    ),
  );
}

/** The postal address of an address block, every part as sent (empty when left out); null without one. */
function postalAddressOf(block: AddressBlock | undefined): PostalAddress | null {
  const address = block?.address;
  if (!address) return null;
  return {
    organization: address.organization ?? '',
    addressLine1: address.addressLine1 ?? '',
    addressLine2: address.addressLine2 ?? '',
    city: address.city ?? '',
    state: address.state ?? '',
    postalCode: address.postalCode ?? '',
    country: address.country ?? '',
  };
}

/** Every value a receive's (or return's) shipments captured, each with its trace entry. */
export function partsOfReceive(receive: Receive): HeldPart[] {
  const returned = receive.subtype === RETURN_SUBTYPE;
  const contact = receive.shipFromAddress?.contact;
  return receive.shipments.flatMap((shipment) =>
    valuesOfSublines(shipment.receiveLines).map(({ value, ...held }) => ({
      value,
      entry: {
        ...held,
        movement: returned ? 'returned' : 'received',
        reference: receive.primaryReference ?? '',
        date: shipment.dateLastUpdated ?? shipment.dateCreated ?? null,
        party: senderOf(receive),
        email: returned ? (contact?.emailAddress ?? '') : '',
        phone: returned ? (contact?.phoneNumber ?? contact?.mobileNumber ?? '') : '',
        address: postalAddressOf(receive.shipFromAddress),
        trackingNumber: '',
        originalOrder: returned ? (originalOrderOf(receive) ?? '') : '',
      },
    })),
  );
}

/** Every value an order's shipments carried, each with its trace entry. */
export function partsOfOrder(order: Order): HeldPart[] {
  const contact = order.shipToAddress?.contact;
  const customer = contact?.personName || order.shipToAddress?.address?.organization || '';
  return order.shipments.flatMap((shipment) =>
    valuesOfSublines(shipment.shipmentLines).map(({ value, ...held }) => ({
      value,
      entry: {
        ...held,
        movement: 'shipped' as const,
        reference: order.primaryReference ?? '',
        date: shipment.actualShipDate ?? null,
        party: customer,
        email: contact?.emailAddress ?? '',
        phone: contact?.phoneNumber ?? contact?.mobileNumber ?? '',
        address: postalAddressOf(order.shipToAddress),
        trackingNumber: shipment.trackingDetail?.trackingNumber ?? '',
        originalOrder: '',
      },
    })),
  );
}

const byDate = (a: TraceEntry, b: TraceEntry) =>
  (a.date ?? '\uffff').localeCompare(b.date ?? '\uffff') || a.reference.localeCompare(b.reference);

/** A trace from the entries of one value: by date, with what came in, shipped, came back, and the rest. */
export function traceOfEntries(found: readonly TraceEntry[]): Omit<PartTrace, 'value' | 'truncated'> {
  const entries = [...found].sort(byDate);
  const total = (movement: TraceEntry['movement'], counted = (_entry: TraceEntry) => true) =>
    entries
      .filter((entry) => entry.movement === movement && counted(entry))
      .reduce((sum, entry) => sum + entry.quantity, 0);
  const received = total('received');
  const shipped = total('shipped', (entry) => entry.date !== null);
  const returned = total('returned');
  return { entries, received, shipped, returned, unaccounted: received - shipped + returned };
}

/**
 * Where `value` (a lot or serial number) went, from the orders, receives and returns that hold it: in by
 * which receive, out on which shipments to whom, back on which returns, and what no record accounts for.
 */
export function traceOfPart(
  value: string,
  documents: { orders: Order[]; receives: Receive[] },
): Omit<PartTrace, 'value' | 'truncated'> {
  const held = [...documents.receives.flatMap(partsOfReceive), ...documents.orders.flatMap(partsOfOrder)];
  return traceOfEntries(held.filter((part) => sameValue(part.value, value)).map((part) => part.entry));
}
