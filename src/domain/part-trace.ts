import type { KeyValue } from '../contract/common';
import type { Order } from '../contract/order';
import type { PartTrace, TraceEntry } from '../contract/part-trace';
import { RETURN_SUBTYPE, type Receive, senderOf } from '../contract/receive';
import { originalOrderOf } from '../contract/return-references';

/** A value as people type it and as documents hold it: letter case and surrounding blanks do not matter. */
const sameValue = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

type Subline = { quantity: number; partAttributes: KeyValue[] };
type Line = { productCode: string; sublines: Subline[] };

/** The sublines of `lines` that hold `value`, with the attribute that held it. */
function sublinesHolding(lines: Line[], value: string) {
  return lines.flatMap((line) =>
    line.sublines.flatMap((subline) => {
      const held = subline.partAttributes.find((attribute) => sameValue(attribute.value, value));
      return held
        ? [
            {
              productCode: line.productCode,
              quantity: subline.quantity,
              attributeKey: held.key,
              otherAttributes: subline.partAttributes.filter((attribute) => attribute !== held),
            },
          ]
        : [];
    }),
  );
}

function receiveEntries(receive: Receive, value: string): TraceEntry[] {
  const returned = receive.subtype === RETURN_SUBTYPE;
  const contact = receive.shipFromAddress?.contact;
  return receive.shipments.flatMap((shipment) =>
    sublinesHolding(shipment.receiveLines, value).map((held) => ({
      ...held,
      movement: returned ? 'returned' : 'received',
      reference: receive.primaryReference ?? '',
      date: shipment.dateLastUpdated ?? shipment.dateCreated ?? null,
      party: senderOf(receive),
      email: returned ? (contact?.emailAddress ?? '') : '',
      phone: returned ? (contact?.phoneNumber ?? contact?.mobileNumber ?? '') : '',
      trackingNumber: '',
      originalOrder: returned ? (originalOrderOf(receive) ?? '') : '',
    })),
  );
}

function orderEntries(order: Order, value: string): TraceEntry[] {
  const contact = order.shipToAddress?.contact;
  const customer = contact?.personName || order.shipToAddress?.address?.organization || '';
  return order.shipments.flatMap((shipment) =>
    sublinesHolding(shipment.shipmentLines, value).map((held) => ({
      ...held,
      movement: 'shipped' as const,
      reference: order.primaryReference ?? '',
      date: shipment.actualShipDate ?? null,
      party: customer,
      email: contact?.emailAddress ?? '',
      phone: contact?.phoneNumber ?? contact?.mobileNumber ?? '',
      trackingNumber: shipment.trackingDetail?.trackingNumber ?? '',
      originalOrder: '',
    })),
  );
}

const byDate = (a: TraceEntry, b: TraceEntry) =>
  (a.date ?? '\uffff').localeCompare(b.date ?? '\uffff') || a.reference.localeCompare(b.reference);

/**
 * Where `value` (a lot or serial number) went, from the orders, receives and returns that hold it: in by
 * which receive, out on which shipments to whom, back on which returns, and what no record accounts for.
 */
export function traceOfPart(
  value: string,
  documents: { orders: Order[]; receives: Receive[] },
): Omit<PartTrace, 'value' | 'truncated'> {
  const entries = [
    ...documents.receives.flatMap((receive) => receiveEntries(receive, value)),
    ...documents.orders.flatMap((order) => orderEntries(order, value)),
  ].sort(byDate);
  const total = (movement: TraceEntry['movement'], counted = (_entry: TraceEntry) => true) =>
    entries
      .filter((entry) => entry.movement === movement && counted(entry))
      .reduce((sum, entry) => sum + entry.quantity, 0);
  const received = total('received');
  const shipped = total('shipped', (entry) => entry.date !== null);
  const returned = total('returned');
  return { entries, received, shipped, returned, unaccounted: received - shipped + returned };
}
