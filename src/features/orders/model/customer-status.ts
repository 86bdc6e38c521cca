import type { Order, OrderShipment } from '@/contract/order';
import { formatCalendarDay, formatDate, formatFirstOf, formatNumber } from '@/domain/format';
import { localDay } from '@/domain/local-day';
import { carrierInWords, carrierTrackingUrl } from './carrier-tracking-url';
import { productOutcomes, shipmentStanding } from './shipment-standing';

/** "2 × TENT-2P, 3 × LAMP-01": a shipment's lines, or what the customer would call it without them. */
function itemsOf(shipment: OrderShipment): string {
  const lines = shipment.shipmentLines.filter((line) => line.quantity > 0);
  if (lines.length === 0) return 'part of your order';
  return formatFirstOf(lines.map((line) => `${formatNumber(line.quantity)} × ${line.productCode}`));
}

/** A date as the operator writes one: a calendar day (YYYY-MM-DD) or a timestamp. */
function dayInWords(value: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatCalendarDay(value) : formatDate(value);
}

/** A shipment in words a customer reads (no status codes, no reasons the warehouse gave); its link below. */
function shipmentSentence(shipment: OrderShipment): string {
  const { state, date } = shipmentStanding(shipment);
  const items = itemsOf(shipment);
  const on = date ? ` on ${formatDate(date)}` : '';
  switch (state) {
    case 'shipped': {
      const tracking = shipment.trackingDetail;
      const carrier = carrierInWords(tracking?.carrierCode, tracking?.carrierName);
      const number = tracking?.trackingNumber?.trim();
      const url = carrierTrackingUrl(tracking?.carrierCode, number);
      const sent = `Sent${on}${carrier ? ` with ${carrier}` : ''}: ${items}.`;
      if (url) return `${sent}\n  You can follow it here: ${url}`;
      return number ? `${sent} Its tracking number is ${number}.` : sent;
    }
    case 'picking':
      return `Being packed now: ${items}.`;
    case 'held':
      // A hold's reason is the warehouse's business (a payment check, an address query): said kindly.
      return `Taking a little longer: ${items}. We are checking a detail and will write as soon as it is on its way.`;
    case 'canceled':
      return `Could not be sent and was canceled: ${items}.`;
    default:
      return `Being prepared: ${items}.`;
  }
}

/** When what is still open should leave, or that it is late, said without promising a day we do not know. */
function expectedSentence(order: Order, today: string): string | null {
  const due = order.requiredShipDate?.slice(0, 10);
  if (!due) return null;
  return due >= today
    ? `It is expected to leave our warehouse by ${dayInWords(due)}.`
    : 'It is taking longer than planned; we will send you the tracking details as soon as it leaves.';
}

/**
 * The order's status as a short message to its customer, in the support person's language settings
 * (dates as their browser writes them): what was sent and when, with which carrier and a tracking link,
 * what is still being prepared and when it should leave, a hold said kindly, what was canceled. The
 * customer's own number (the web order number, when there is one) names the order.
 */
export function customerStatusText(order: Order, now: Date = new Date()): string {
  const reference = order.secondaryReference?.trim() || order.primaryReference;
  const firstName = order.shipToAddress?.contact?.personName?.trim().split(/\s+/)[0];
  const greeting = `Hello${firstName ? ` ${firstName}` : ''},`;
  const canceled =
    order.status === 'CAN' ||
    (order.shipments.length > 0 && order.shipments.every((shipment) => shipment.status === 'CAN'));
  if (canceled) {
    const on = order.dateLastUpdated ? ` on ${formatDate(order.dateLastUpdated)}` : '';
    return [greeting, '', `Your order ${reference} was canceled${on}. Nothing from it was sent.`].join('\n');
  }
  const sentences = order.shipments.map(shipmentSentence);
  const open = order.shipments.some((shipment) => !['FIN', 'CAN'].includes(shipment.status));
  if (order.shipments.length === 0) {
    const on = order.dateCreated ? ` on ${formatDate(order.dateCreated)}` : '';
    sentences.push(`We received your order${on} and are preparing it.`);
  }
  if (open || order.shipments.length === 0) {
    const expected = expectedSentence(order, localDay(now));
    if (expected) sentences.push(expected);
  } else {
    // Every shipment closed and units still owed: the order shipped short.
    const missing = productOutcomes(order).filter((product) => product.owed > 0);
    if (missing.length > 0)
      sentences.push(
        `We could not send ${formatFirstOf(missing.map((product) => `${formatNumber(product.owed)} × ${product.productCode}`))}.`,
      );
  }
  return [
    greeting,
    '',
    `Here is where your order ${reference} stands:`,
    ...sentences.map((line) => `- ${line}`),
  ].join('\n');
}
