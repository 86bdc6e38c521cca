import type { OrderInput } from '../../contract/order';
import { startOfDay } from '../documents';
import {
  businessCustomers,
  type DemoPacket,
  type DemoPlace,
  type DemoProduct,
  demoProducts,
  domesticCustomers,
  domesticTransport,
  internationalCustomers,
  internationalIncoterms,
  internationalTransport,
} from './demo-catalog';
import { hours, type PlannedStep, shuffledScenarios, stepClock } from './demo-schedule';
import { type SeededRandom, seededRandom } from './seeded-random';

export type OrderScenario =
  | 'entered'
  | 'picking'
  | 'held'
  | 'heldWhilePicking'
  | 'shipped'
  | 'shippedShort'
  | 'shippedOver'
  | 'multiPackage'
  | 'canceled'
  | 'canceledWhilePicking'
  | 'splitBothShipped'
  | 'splitOneOpen'
  | 'splitShippedAndCanceled'
  /** Not counted among the scenarios: one splitShippedAndCanceled order becomes it (see below). */
  | 'splitTwoCarriersAndCanceled';

export type PlannedOrder = {
  scenario: OrderScenario;
  hoursAgo: number;
  /** Sent with PascalCase member names, as some clients do. */
  pascalCase: boolean;
  body: OrderInput;
  steps: PlannedStep[];
};

const orderScenarioCounts: [OrderScenario, number][] = [
  ['entered', 20],
  ['picking', 12],
  ['held', 5],
  ['heldWhilePicking', 3],
  ['shipped', 55],
  ['shippedShort', 10],
  ['shippedOver', 5],
  ['multiPackage', 12],
  ['canceled', 8],
  ['canceledWhilePicking', 2],
  ['splitBothShipped', 6],
  ['splitOneOpen', 6],
  ['splitShippedAndCanceled', 6],
];

const ORDER_REFERENCE_START = 100001;

const holdReasons = [
  'Address could not be verified',
  'Payment under review',
  'Customer asked to hold until Monday',
  'Waiting for a replacement unit',
];
const cancelReasons = ['Customer canceled', 'Failed fraud check', 'Duplicate order', 'Item discontinued'];

/** Plans choose products from the canonical catalog: the codes and kinds do not depend on the packet. */
const products = demoProducts;
const byKind = (kind: DemoProduct['kind']) => products.filter((product) => product.kind === kind);

function orderLines(random: SeededRandom, business: boolean, atLeastTwo: boolean) {
  const count = business ? random.int(3, 6) : atLeastTwo ? random.int(2, 3) : random.int(1, 3);
  const chosen = new Set<DemoProduct>();
  while (chosen.size < count) {
    const kind = random.pick<DemoProduct['kind']>(['plain', 'plain', 'serialized', 'lot']);
    chosen.add(random.pick(byKind(kind)));
  }
  return [...chosen].map((product, index) => ({
    externalLineReference: `L${index + 1}`,
    productCode: product.productCode,
    quantity: business
      ? random.int(6, 36)
      : product.kind === 'serialized'
        ? random.int(1, 2)
        : random.int(1, 4),
    quantityUnit: 'UNT',
    linePrice: Number(product.unitPrice ?? 0),
  }));
}

/** A ship-by day as the operator's documentation sends one: a full timestamp at the start of the day. */
function shipByDay(hoursFromNow: number, now: Date): string {
  return startOfDay(new Date(now.getTime() + hoursFromNow * 3_600_000));
}

function orderBody(
  packet: DemoPacket,
  reference: string,
  random: SeededRandom,
  scenario: OrderScenario,
  index: number,
  hoursAgo: number,
  now: Date,
): OrderInput {
  const international = index % 10 === 3;
  const business = !international && index % 9 === 4;
  const needsTwoLines =
    scenario.startsWith('split') || scenario === 'shippedShort' || scenario === 'multiPackage';
  const customer: DemoPlace = random.pick(
    international ? internationalCustomers : business ? businessCustomers : domesticCustomers,
  );
  const { international: _international, ...shipToAddress } = customer;
  const rateShopped = !international && index % 3 === 1 && packet.rateGroups.length > 0;
  const warehouseCode = random.pick(packet.warehouses);
  return {
    warehouseCode,
    primaryReference: reference,
    secondaryReference: business ? `PO-${random.digits(6)}` : `WEB-${random.digits(7)}`,
    shipToAddress,
    requiredShipDate: shipByDay(-hoursAgo + random.int(24, 72), now),
    orderLines: orderLines(random, business, needsTwoLines),
    additionalReferences: [
      { key: 'channel', value: business ? 'B2B' : random.pick(['webshop', 'marketplace']) },
    ],
    ...(business ? { note: 'Deliver to the receiving dock, weekdays 8-16' } : {}),
    ...(rateShopped
      ? { rateGroup: random.pick(packet.rateGroups), transportDetail: null }
      : { transportDetail: random.pick(international ? internationalTransport : domesticTransport) }),
    ...(international ? { forwardingData: { incoTerm: random.pick(internationalIncoterms) } } : {}),
    ...(business ? { jobCosting: { branch: 'WHOLESALE' }, packingRequired: true } : {}),
    priority: business ? 2 : random.pick([0, 0, 0, 1]),
  };
}

/** What actually left, for the short and over scenarios. */
function shippedQuantities(body: OrderInput, change: 'short' | 'over') {
  return body.orderLines.map((line, index) => {
    if (index !== 0) return { lineNumber: String(index + 1), quantity: line.quantity };
    const quantity = change === 'over' ? line.quantity + 1 : line.quantity - 1;
    return { lineNumber: String(index + 1), quantity };
  });
}

function orderSteps(
  scenario: OrderScenario,
  body: OrderInput,
  hoursAgo: number,
  random: SeededRandom,
): PlannedStep[] {
  const later = stepClock(hoursAgo, random);
  const pick = (shipment?: 0 | 1): PlannedStep => ({ hoursAgo: later(0.5, 3), path: 'pick', shipment });
  const ship = (shipment?: 0 | 1, shipBody?: unknown): PlannedStep => ({
    hoursAgo: later(1, 6),
    path: 'ship',
    shipment,
    body: shipBody,
  });
  const hold: () => PlannedStep = () => ({
    hoursAgo: later(0.5, 4),
    path: 'hold',
    body: { reason: random.pick(holdReasons) },
  });
  const cancel = (shipment?: 0 | 1): PlannedStep => ({
    hoursAgo: later(0.5, 8),
    path: 'cancel',
    shipment,
    body: { reason: random.pick(cancelReasons) },
  });
  const split: () => PlannedStep = () => ({ hoursAgo: later(0.2, 1), path: 'split' });
  switch (scenario) {
    case 'entered':
      return [];
    case 'picking':
      return [pick()];
    case 'held':
      return [hold()];
    case 'heldWhilePicking':
      return [pick(), hold()];
    case 'shipped':
      return [pick(), ship()];
    case 'shippedShort':
      return [pick(), ship(undefined, { shipmentLines: shippedQuantities(body, 'short') })];
    case 'shippedOver':
      return [pick(), ship(undefined, { shipmentLines: shippedQuantities(body, 'over') })];
    case 'multiPackage': {
      // Never more packages than units: every package holds something.
      const units = body.orderLines.reduce((sum, line) => sum + line.quantity, 0);
      const count = Math.min(random.int(2, 3), units);
      return [pick(), ship(undefined, { packages: Array.from({ length: count }, () => ({})) })];
    }
    case 'canceled':
      return [cancel()];
    case 'canceledWhilePicking':
      return [pick(), cancel()];
    case 'splitBothShipped':
      return [split(), pick(0), ship(0), pick(1), ship(1)];
    case 'splitOneOpen':
      return [split(), pick(0), ship(0)];
    case 'splitShippedAndCanceled':
    case 'splitTwoCarriersAndCanceled':
      return [split(), pick(0), ship(0), cancel(1)];
  }
}

/**
 * How long before now each scenario's order was placed: open ones are recent, finished ones spread over the
 * week.
 */
function orderAge(scenario: OrderScenario, random: SeededRandom): number {
  switch (scenario) {
    case 'entered':
      return hours(random, 0.1, 20);
    case 'picking':
      return hours(random, 2, 26);
    case 'held':
    case 'heldWhilePicking':
      return hours(random, 12, 80);
    default:
      return hours(random, 30, 165);
  }
}

/** The same body with PascalCase member names at every depth, as some clients send them. */
export function pascalCaseBody(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(pascalCaseBody);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, member]) => [
      key.charAt(0).toUpperCase() + key.slice(1),
      pascalCaseBody(member),
    ]),
  );
}

/** Whether splitting the order's later shipment again leaves something in each part. */
function splitsTwice(body: OrderInput): boolean {
  const later = body.orderLines.slice(Math.ceil(body.orderLines.length / 2));
  return later.length > 1 || (later[0]?.quantity ?? 0) >= 2;
}

/**
 * One split order in three shipments: two shipped with different carriers (USPS, then FedEx), the third
 * canceled. Made of the last shipped-and-canceled order that splits twice, with steps of its own random
 * source, so that every other order of the plan stays as it was.
 */
function withTwoCarriersAndCanceled(orders: PlannedOrder[]): PlannedOrder[] {
  const chosen = orders.findLast(
    (order) => order.scenario === 'splitShippedAndCanceled' && splitsTwice(order.body),
  );
  if (!chosen) return orders;
  const [split, pickFirst, shipFirst] = chosen.steps;
  if (!split || !pickFirst || !shipFirst) return orders;
  const random = seededRandom('warehouse-console-demo-two-carriers');
  const later = stepClock(shipFirst.hoursAgo, random);
  const steps: PlannedStep[] = [
    split,
    pickFirst,
    { ...shipFirst, body: { trackingDetail: { carrierCode: 'USPS' } } },
    { hoursAgo: later(0.2, 1), path: 'split' },
    { hoursAgo: later(0.5, 3), path: 'pick', shipment: 1 },
    { hoursAgo: later(1, 6), path: 'ship', shipment: 1, body: { trackingDetail: { carrierCode: 'FEDEX' } } },
    { hoursAgo: later(0.5, 8), path: 'cancel', shipment: 2, body: { reason: 'Item discontinued' } },
  ];
  return orders.map((order) =>
    order === chosen ? { ...order, scenario: 'splitTwoCarriersAndCanceled', steps } : order,
  );
}

export function planDemoOrders(now: Date, packet: DemoPacket): PlannedOrder[] {
  const random = seededRandom('warehouse-console-demo-orders');
  const scenarios = shuffledScenarios(orderScenarioCounts, random);
  return withTwoCarriersAndCanceled(plannedOrders(now, packet, scenarios, random));
}

function plannedOrders(
  now: Date,
  packet: DemoPacket,
  scenarios: readonly OrderScenario[],
  random: SeededRandom,
): PlannedOrder[] {
  return scenarios.map((scenario, index) => {
    const reference = `SO-${ORDER_REFERENCE_START + index}`;
    const hoursAgo = orderAge(scenario, random);
    const body = orderBody(packet, reference, random, scenario, index, hoursAgo, now);
    return {
      scenario,
      hoursAgo,
      pascalCase: index % 6 === 5,
      body,
      steps: orderSteps(scenario, body, hoursAgo, random),
    };
  });
}
