import type { Order } from '@/contract/order';
import type { Receive } from '@/contract/receive';
import { formatDate, formatNumber } from '@/domain/format';
import { computeReceiveCompleteness, type LineCompleteness } from '@/domain/receive-completeness';

const itemCount = (count: number) => `${formatNumber(count)} item${count === 1 ? '' : 's'}`;

/** "1 × Desk lamp; 2 × Organic cotton tee, black, size S": names hold commas, so semicolons part them. */
function itemsOf(
  lines: LineCompleteness[],
  quantity: (line: LineCompleteness) => number,
  productName: (code: string) => string,
): string {
  return lines
    .filter((line) => quantity(line) > 0)
    .map((line) => `${formatNumber(quantity(line))} × ${productName(line.productCode)}`)
    .join('; ');
}

/** When the goods came in: the last arrival the warehouse gave, else when it last updated the return. */
function arrivedOn(receive: Receive): string {
  const arrivals = receive.shipments.flatMap((shipment) =>
    shipment.arrivalDate ? [shipment.arrivalDate] : [],
  );
  const date = arrivals.sort().at(-1) ?? receive.dateLastUpdated;
  return date ? ` on ${formatDate(date)}` : '';
}

/**
 * A return's status as a short message to the customer who sent it ("We received 1 of 2 items on …"), in
 * the support person's language settings and the products' names: what was expected back, what arrived
 * and when, what did not. The original order names it by the customer's own number when the console holds it.
 */
export function customerReturnText(
  receive: Receive,
  order: Order | null,
  productName: (code: string) => string = (code) => code,
): string {
  const firstName = (order?.shipToAddress ?? receive.shipFromAddress)?.contact?.personName
    ?.trim()
    .split(/\s+/)[0];
  const orderReference = order ? order.secondaryReference?.trim() || order.primaryReference : null;
  const about = `About your return ${receive.primaryReference}${orderReference ? ` for order ${orderReference}` : ''}:`;
  const completeness = computeReceiveCompleteness(receive);
  const { announced, received, lines } = completeness;
  const items = (quantity: (line: LineCompleteness) => number) => itemsOf(lines, quantity, productName);
  const finished = receive.status === 'FIN';
  let sentence: string;
  switch (completeness.state) {
    case 'canceled':
      sentence = `This return was canceled${receive.dateLastUpdated ? ` on ${formatDate(receive.dateLastUpdated)}` : ''}.`;
      break;
    case 'awaiting':
      sentence = finished
        ? `It was closed${arrivedOn(receive)} without any of the ${itemCount(announced)} we expected arriving.`
        : `We are expecting ${itemCount(announced)} back: ${items((line) => line.announced)}. We will write when they arrive.`;
      break;
    case 'complete':
      sentence = `We received all ${itemCount(received)}${arrivedOn(receive)}: ${items((line) => line.received)}.`;
      break;
    case 'over':
      sentence = `We received ${itemCount(received)}${arrivedOn(receive)}, more than the ${formatNumber(announced)} we expected: ${items((line) => line.received)}.`;
      break;
    default: {
      const got = `We received ${formatNumber(completeness.receivedOfAnnounced)} of ${itemCount(announced)}${arrivedOn(receive)}: ${items((line) => line.received)}.`;
      sentence = finished
        ? `${got} ${items((line) => Math.max(0, -line.difference))} did not arrive.`
        : `${got} We will write when the rest arrives.`;
    }
  }
  return [`Hello${firstName ? ` ${firstName}` : ''},`, '', about, sentence].join('\n');
}
