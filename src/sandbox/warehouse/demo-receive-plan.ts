import type { ReceiveInput } from '../../contract/receive';
import { commonReturnReasons, returnReferences } from '../../contract/return-references';
import { timestamp } from '../documents';
import { type DemoPacket, type DemoProduct, demoProducts, suppliers } from './demo-catalog';
import type { PlannedOrder } from './demo-order-plan';
import { hours, type PlannedStep, shuffledScenarios, stepClock } from './demo-schedule';
import { type SeededRandom, seededRandom } from './seeded-random';

export type ReceiveScenario = 'awaiting' | 'overdue' | 'partial' | 'complete' | 'short' | 'over' | 'canceled';

export type PlannedReceive = {
  scenario: ReceiveScenario;
  hoursAgo: number;
  body: ReceiveInput;
  steps: PlannedStep[];
};

const receiveScenarioCounts: [ReceiveScenario, number][] = [
  ['awaiting', 5],
  ['overdue', 2],
  ['partial', 6],
  ['complete', 8],
  ['short', 4],
  ['over', 3],
  ['canceled', 2],
];

const returnScenarioCounts: [ReceiveScenario, number][] = [
  ['awaiting', 4],
  ['complete', 4],
  ['partial', 1],
  ['canceled', 1],
];

const RECEIVE_REFERENCE_START = 200001;
const RETURN_REFERENCE_START = 300001;

/** One unit back of each of the first `count` lines the customer was shipped, each with its reason. */
function returnLines(original: PlannedOrder, count: number, random: SeededRandom) {
  return original.body.orderLines.slice(0, count).map((line, index) => ({
    externalLineReference: `R${index + 1}`,
    productCode: line.productCode,
    quantity: 1,
    quantityUnit: 'UNT',
    reason: random.pick(commonReturnReasons.filter((reason) => reason !== 'Other')),
  }));
}

/**
 * What the demo's returns announce back of each order, per product, so that no order gets back more than
 * it shipped: its orders shipped everything ordered.
 */
function returnRoom() {
  const announced = new Map<string, Map<string, number>>();
  const announcedOf = (order: PlannedOrder) =>
    announced.get(order.body.primaryReference) ?? new Map<string, number>();
  const ordered = (order: PlannedOrder, productCode: string) =>
    order.body.orderLines
      .filter((line) => line.productCode === productCode)
      .reduce((sum, line) => sum + line.quantity, 0);
  return {
    /** Another unit of each of the order's first `count` lines can still come back. */
    fits: (order: PlannedOrder, count: number) =>
      order.body.orderLines.length >= count &&
      order.body.orderLines
        .slice(0, count)
        .every(
          (line) => (announcedOf(order).get(line.productCode) ?? 0) + 1 <= ordered(order, line.productCode),
        ),
    announce: (order: PlannedOrder, lines: readonly { productCode: string; quantity: number }[]) => {
      const perProduct = announcedOf(order);
      for (const line of lines)
        perProduct.set(line.productCode, (perProduct.get(line.productCode) ?? 0) + line.quantity);
      announced.set(order.body.primaryReference, perProduct);
    },
  };
}

/**
 * A supplier's lines; goods by the dozen come announced on pallets (numbered within the receive, as the
 * operator's documents show them), serialized ones loose.
 */
function receiveLines(random: SeededRandom) {
  const count = random.int(2, 5);
  const chosen = new Set<DemoProduct>();
  while (chosen.size < count) chosen.add(random.pick(demoProducts));
  return [...chosen].map((product, index) => ({
    externalLineReference: `${index + 1}0`,
    productCode: product.productCode,
    quantity: product.kind === 'serialized' ? random.int(2, 12) : random.int(4, 30) * 12,
    quantityUnit: 'UNT',
    ...(product.kind === 'serialized' ? {} : { palletId: `PLT-${index + 1}` }),
  }));
}

function receiveSteps(
  scenario: ReceiveScenario,
  body: ReceiveInput,
  hoursAgo: number,
  random: SeededRandom,
): PlannedStep[] {
  const later = stepClock(hoursAgo, random);
  const lines = body.receiveLines;
  const receive = (receiveLines?: { lineNumber: string; quantity: number }[]): PlannedStep => ({
    hoursAgo: later(2, 20),
    path: 'receive',
    ...(receiveLines ? { body: { receiveLines } } : {}),
  });
  const finalize: () => PlannedStep = () => ({ hoursAgo: later(0.5, 4), path: 'finalize' });
  const lineNumber = (index: number) => String(index + 1);
  switch (scenario) {
    case 'awaiting':
    case 'overdue':
      return [];
    case 'partial': {
      if (lines.length === 1)
        return [
          receive([{ lineNumber: '1', quantity: Math.max(1, Math.floor((lines[0]?.quantity ?? 2) / 2)) }]),
        ];
      return [
        receive(
          lines
            .slice(0, Math.ceil(lines.length / 2))
            .map((line, index) => ({ lineNumber: lineNumber(index), quantity: line.quantity })),
        ),
      ];
    }
    case 'complete':
      return lines.length > 2
        ? [
            receive(
              lines
                .slice(0, 2)
                .map((line, index) => ({ lineNumber: lineNumber(index), quantity: line.quantity })),
            ),
            receive(),
            finalize(),
          ]
        : [receive(), finalize()];
    case 'short':
      return [
        receive(
          lines.map((line, index) => ({
            lineNumber: lineNumber(index),
            quantity: index === 0 ? Math.max(1, Math.floor(line.quantity * 0.75)) : line.quantity,
          })),
        ),
        finalize(),
      ];
    case 'over':
      return [
        receive(
          lines.map((line, index) => ({
            lineNumber: lineNumber(index),
            quantity: index === 0 ? line.quantity + 12 : line.quantity,
          })),
        ),
        finalize(),
      ];
    case 'canceled':
      return [{ hoursAgo: later(4, 30), path: 'cancel', body: { reason: 'Supplier withdrew the shipment' } }];
  }
}

function receiveAge(scenario: ReceiveScenario, random: SeededRandom): number {
  switch (scenario) {
    case 'awaiting':
      return hours(random, 2, 72);
    case 'overdue':
      return hours(random, 120, 160);
    case 'partial':
      return hours(random, 30, 100);
    default:
      return hours(random, 60, 165);
  }
}

function planReceives(
  now: Date,
  packet: DemoPacket,
  kind: 'receive' | 'return',
  orders: readonly PlannedOrder[],
): PlannedReceive[] {
  const isReturn = kind === 'return';
  const random = seededRandom(`warehouse-console-demo-${kind}s`);
  const scenarios = shuffledScenarios(isReturn ? returnScenarioCounts : receiveScenarioCounts, random);
  const shippedOrders = orders.filter(
    (order) => order.scenario === 'shipped' && order.body.orderLines.length >= 2,
  );
  const room = returnRoom();
  return scenarios.map((scenario, index) => {
    const reference = isReturn
      ? `RMA-${RETURN_REFERENCE_START + index}`
      : `PO-${RECEIVE_REFERENCE_START + index}`;
    const hoursAgo = receiveAge(scenario, random);
    const etaHours =
      scenario === 'overdue'
        ? -hours(random, 24, 72)
        : scenario === 'awaiting'
          ? hours(random, 12, 240)
          : -hoursAgo + 24;
    const eta = timestamp(new Date(now.getTime() + etaHours * 3_600_000));
    // A partly received return has two lines, one of them received.
    const least = scenario === 'partial' ? 2 : 1;
    const original = isReturn
      ? random.pick(shippedOrders.filter((order) => room.fits(order, least)))
      : undefined;
    const returned = original
      ? returnLines(original, least === 2 || (random.chance(0.3) && room.fits(original, 2)) ? 2 : 1, random)
      : undefined;
    if (original && returned) room.announce(original, returned);
    const customer = original?.body.shipToAddress;
    const supplier = random.pick(suppliers);
    const { international: _international, ...shipFromAddress } = supplier;
    const body: ReceiveInput = {
      warehouseCode: original?.body.warehouseCode ?? random.pick(packet.warehouses),
      primaryReference: reference,
      secondaryReference: isReturn ? `RET-${random.digits(6)}` : `ASN-${random.digits(6)}`,
      receiveLines: returned ? returned.map(({ reason: _reason, ...line }) => line) : receiveLines(random),
      ...(isReturn
        ? { subtype: 'RET' as const }
        : {
            transportReference: random.pick([
              `MSKU${random.digits(7)}`,
              `PRO ${random.digits(9)}`,
              `1Z${random.alphanumeric(16)}`,
            ]),
          }),
      eta,
      shipFromAddress: customer ?? shipFromAddress,
      additionalReferences:
        original && returned
          ? returnReferences(original.body.primaryReference, returned)
          : [{ key: 'supplier', value: supplier.address.organization ?? '' }],
    };
    return { scenario, hoursAgo, body, steps: receiveSteps(scenario, body, hoursAgo, random) };
  });
}

export function planDemoReceives(
  now: Date,
  packet: DemoPacket,
  orders: readonly PlannedOrder[],
): PlannedReceive[] {
  return planReceives(now, packet, 'receive', orders);
}

export function planDemoReturns(
  now: Date,
  packet: DemoPacket,
  orders: readonly PlannedOrder[],
): PlannedReceive[] {
  return planReceives(now, packet, 'return', orders);
}
