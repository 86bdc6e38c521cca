import type { OrderInput } from '../../contract/order';
import type { ReceiveInput } from '../../contract/receive';
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
  suppliers,
} from './demo-catalog';
import { type SeededRandom, seededRandom } from './seeded-random';

/**
 * The demo week as data: every order, receive and return with what the warehouse does to it and when
 * (hours before now). Pure and seeded, so the seed is the same on every machine.
 */

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
  | 'splitShippedAndCanceled';

export type ReceiveScenario = 'awaiting' | 'overdue' | 'partial' | 'complete' | 'short' | 'over' | 'canceled';

/** One operator action, `hoursAgo` before now, on the order's first or second shipment. */
export type PlannedStep = { hoursAgo: number; path: string; shipment?: 0 | 1; body?: unknown };

export type PlannedOrder = {
  scenario: OrderScenario;
  hoursAgo: number;
  /** Sent with PascalCase member names, as some clients do. */
  pascalCase: boolean;
  body: OrderInput;
  steps: PlannedStep[];
};

export type PlannedReceive = {
  scenario: ReceiveScenario;
  hoursAgo: number;
  body: ReceiveInput;
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

const ORDER_REFERENCE_START = 100001;
const RECEIVE_REFERENCE_START = 200001;
const RETURN_REFERENCE_START = 300001;

function shuffled<T>(items: T[], random: SeededRandom): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = random.int(0, index);
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
}

function expand<S>(counts: [S, number][]): S[] {
  return counts.flatMap(([scenario, count]) => Array.from({ length: count }, () => scenario));
}

function hours(random: SeededRandom, min: number, max: number): number {
  return Math.round((min + random.next() * (max - min)) * 1000) / 1000;
}

const holdReasons = [
  'Address could not be verified',
  'Payment under review',
  'Customer asked to hold until Monday',
  'Waiting for a replacement unit',
];
const cancelReasons = ['Customer canceled', 'Failed fraud check', 'Duplicate order', 'Item discontinued'];

/** Plans choose products from the canonical catalogue: the codes and kinds do not depend on the packet. */
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

function dateOnly(hoursFromNow: number, now: Date): string {
  return new Date(now.getTime() + hoursFromNow * 3_600_000).toISOString().slice(0, 10);
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
    requiredShipDate: dateOnly(-hoursAgo + random.int(24, 72), now),
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
  let at = hoursAgo;
  const later = (min: number, max: number) => {
    at = Math.max(at - hours(random, min, max), 0.02);
    return at;
  };
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
    case 'multiPackage':
      return [pick(), ship(undefined, { packages: Array.from({ length: random.int(2, 3) }, () => ({})) })];
    case 'canceled':
      return [cancel()];
    case 'canceledWhilePicking':
      return [pick(), cancel()];
    case 'splitBothShipped':
      return [split(), pick(0), ship(0), pick(1), ship(1)];
    case 'splitOneOpen':
      return [split(), pick(0), ship(0)];
    case 'splitShippedAndCanceled':
      return [split(), pick(0), ship(0), cancel(1)];
  }
}

/** How long before now each scenario's order was placed: open ones are recent, finished ones spread over the week. */
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

export function planDemoOrders(now: Date, packet: DemoPacket): PlannedOrder[] {
  const random = seededRandom('warehouse-console-demo-orders');
  const scenarios = shuffled(expand(orderScenarioCounts), random);
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

function returnLines(original: PlannedOrder, twoLines: boolean) {
  return original.body.orderLines.slice(0, twoLines ? 2 : 1).map((line, index) => ({
    externalLineReference: `R${index + 1}`,
    productCode: line.productCode,
    quantity: 1,
    quantityUnit: 'UNT',
  }));
}

function receiveLines(random: SeededRandom) {
  const count = random.int(2, 5);
  const chosen = new Set<DemoProduct>();
  while (chosen.size < count) chosen.add(random.pick(products));
  return [...chosen].map((product, index) => ({
    externalLineReference: `${index + 1}0`,
    productCode: product.productCode,
    quantity: product.kind === 'serialized' ? random.int(2, 12) : random.int(4, 30) * 12,
    quantityUnit: 'UNT',
  }));
}

function receiveSteps(
  scenario: ReceiveScenario,
  body: ReceiveInput,
  hoursAgo: number,
  random: SeededRandom,
): PlannedStep[] {
  let at = hoursAgo;
  const later = (min: number, max: number) => {
    at = Math.max(at - hours(random, min, max), 0.02);
    return at;
  };
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
  const scenarios = shuffled(expand(isReturn ? returnScenarioCounts : receiveScenarioCounts), random);
  const shippedOrders = orders.filter(
    (order) => order.scenario === 'shipped' && order.body.orderLines.length >= 2,
  );
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
    const eta = new Date(now.getTime() + etaHours * 3_600_000).toISOString();
    const original = isReturn ? random.pick(shippedOrders) : undefined;
    const customer = original?.body.shipToAddress;
    const supplier = random.pick(suppliers);
    const { international: _international, ...shipFromAddress } = supplier;
    const body: ReceiveInput = {
      warehouseCode: original?.body.warehouseCode ?? random.pick(packet.warehouses),
      primaryReference: reference,
      secondaryReference: isReturn ? `RET-${random.digits(6)}` : `ASN-${random.digits(6)}`,
      receiveLines: original
        ? returnLines(original, scenario === 'partial' || random.chance(0.3))
        : receiveLines(random),
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
      additionalReferences: original
        ? [
            { key: 'originalOrder', value: original.body.primaryReference },
            {
              key: 'returnReason',
              value: random.pick(['Wrong size', 'Damaged in transit', 'No longer needed', 'Defective']),
            },
          ]
        : [{ key: 'supplier', value: supplier.address.organization ?? '' }],
    };
    return { scenario, hoursAgo, body, steps: receiveSteps(scenario, body, hoursAgo, random) };
  });
}

/** The primary references of every order, receive and return the demo seed creates. */
export function demoPlanReferences(packet: DemoPacket): string[] {
  const now = new Date();
  const orders = planDemoOrders(now, packet);
  return [...orders, ...planDemoReceives(now, packet, orders), ...planDemoReturns(now, packet, orders)].map(
    (planned) => planned.body.primaryReference,
  );
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
