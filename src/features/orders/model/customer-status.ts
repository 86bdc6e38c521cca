import type { CustomerNextStep } from '@/contract/console-config';
import type { Order, OrderShipment } from '@/contract/order';
import { formatCalendarDay, formatDate, formatNumber } from '@/domain/format';
import { localDay } from '@/domain/local-day';
import { customerShipmentWords } from '@/domain/record-states';
import { carrierInWords, carrierTrackingUrl } from './carrier-tracking-url';
import { productOutcomes, shipmentStanding } from './shipment-standing';

/** How the customer's message names a product: its name from the console's index, else its code. */
export type ProductName = (code: string) => string;

/** What the message needs beyond the order: product names, the company's next step, and today. */
export type CustomerTextSettings = {
  productName?: ProductName;
  /** What the company does about what could not be sent (the console's settings). */
  nextStep: CustomerNextStep;
  now?: Date;
};

/**
 * "2 × Organic cotton tee, black, size S; 1 × Desk lamp": every product with its quantity, apart by
 * semicolons since names hold commas; a customer wants the whole list, not "and 2 more".
 */
function unitsOf(units: readonly { productCode: string; quantity: number }[], productName: ProductName) {
  return units
    .filter((unit) => unit.quantity > 0)
    .map((unit) => `${formatNumber(unit.quantity)} × ${productName(unit.productCode)}`)
    .join('; ');
}

/** A shipment's lines in the customer's words, or what the customer would call it without them. */
function itemsOf(shipment: OrderShipment, productName: ProductName): string {
  return unitsOf(shipment.shipmentLines, productName) || 'part of your order';
}

/** A date as the operator writes one: a calendar day (YYYY-MM-DD) or a timestamp. */
function dayInWords(value: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatCalendarDay(value) : formatDate(value);
}

/** A shipment in words a customer reads (no status codes, no reasons the warehouse gave); its link below. */
function shipmentSentence(shipment: OrderShipment, productName: ProductName): string {
  const { state, date } = shipmentStanding(shipment);
  const items = itemsOf(shipment, productName);
  const on = date ? ` on ${formatDate(date)}` : '';
  switch (state) {
    case 'shipped': {
      const tracking = shipment.trackingDetail;
      const carrier = carrierInWords(tracking?.carrierCode, tracking?.carrierName);
      const number = tracking?.trackingNumber?.trim();
      const url = carrierTrackingUrl(tracking?.carrierCode, number);
      const sent = `${customerShipmentWords.shipped}${on}${carrier ? ` with ${carrier}` : ''}: ${items}.`;
      if (url) return `${sent}\n  You can follow it here: ${url}`;
      return number ? `${sent} Its tracking number is ${number}.` : sent;
    }
    case 'picking':
      return `${customerShipmentWords.picking}: ${items}.`;
    case 'held':
      // A hold's reason is the warehouse's business (a payment check, an address query): said kindly.
      return `${customerShipmentWords.held}: ${items}. We are checking a detail and will write as soon as it is on its way.`;
    case 'canceled':
      return `${customerShipmentWords.canceled}: ${items}.`;
    default:
      return `${customerShipmentWords.entered}: ${items}.`;
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

/** What the company does about what it could not send, as its settings say, in the customer's words. */
export function nextStepSentence(
  { step, contact }: CustomerNextStep,
  what = 'what we could not send',
): string {
  switch (step) {
    case 'refund':
      return `We are refunding you for ${what}; the refund goes back to the way you paid.`;
    case 'reshipment':
      return `We will send ${what} again in a new parcel and write to you with its tracking as soon as it leaves.`;
    case 'contact':
      return `${contact ? `Please contact us at ${contact}` : 'Please reply to this message'} and we will make it right: a replacement or a refund, as you prefer.`;
  }
}

/**
 * The order's status as a short message to its customer, in the support person's language settings
 * (dates as their browser writes them) and the products' names: what was sent and when, with which carrier
 * and a tracking link, what is still being prepared and when it should leave, a hold said kindly, what was
 * canceled or could not be sent and what the company does about it. The customer's own number (the web
 * order number, when there is one) names the order.
 */
export function customerStatusText(
  order: Order,
  { productName = (code) => code, nextStep, now = new Date() }: CustomerTextSettings,
): string {
  const reference = order.secondaryReference?.trim() || order.primaryReference;
  const firstName = order.shipToAddress?.contact?.personName?.trim().split(/\s+/)[0];
  const greeting = `Hello${firstName ? ` ${firstName}` : ''},`;
  const canceled =
    order.status === 'CAN' ||
    (order.shipments.length > 0 && order.shipments.every((shipment) => shipment.status === 'CAN'));
  if (canceled) {
    const on = order.dateLastUpdated ? ` on ${formatDate(order.dateLastUpdated)}` : '';
    return [
      greeting,
      '',
      `Your order ${reference} was canceled${on}. Nothing from it was sent.`,
      nextStepSentence(nextStep, 'your order'),
    ].join('\n');
  }
  const sentences = order.shipments.map((shipment) => shipmentSentence(shipment, productName));
  const open = order.shipments.some((shipment) => !['FIN', 'CAN'].includes(shipment.status));
  if (order.shipments.length === 0) {
    const on = order.dateCreated ? ` on ${formatDate(order.dateCreated)}` : '';
    sentences.push(`We received your order${on} and are preparing it.`);
  }
  let notSent = order.shipments.some((shipment) => shipment.status === 'CAN');
  if (open || order.shipments.length === 0) {
    const expected = expectedSentence(order, localDay(now));
    if (expected) sentences.push(expected);
  } else {
    // Every shipment closed and units still owed: the order shipped short.
    const missing = productOutcomes(order).map((product) => ({ ...product, quantity: product.owed }));
    const short = unitsOf(missing, productName);
    if (short) {
      sentences.push(`We could not send ${short}.`);
      notSent = true;
    }
  }
  return [
    greeting,
    '',
    `Here is where your order ${reference} stands:`,
    ...sentences.map((line) => `- ${line}`),
    ...(notSent ? ['', nextStepSentence(nextStep)] : []),
  ].join('\n');
}
