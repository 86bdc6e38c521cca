import { expect } from 'vitest';
import type { Role } from '../../../contract/access';
import { finishedOrderStates, type OrderState, orderStates } from '../../../contract/index-lists';
import type { Order, OrderShipment, ShipmentLine } from '../../../contract/order';
import type { Receive, ReceiveShipment, ReceiveShipmentLine } from '../../../contract/receive';
import { returnReferences } from '../../../contract/return-references';
import { announcedReceive, enteredOrder } from '../../../sandbox/testing/test-documents';
import { type ConsoleDatabase, openConsoleDatabase } from '../../store/sqlite/console-db';
import { createSqliteAccountStore } from '../../store/sqlite/sqlite-account-store';
import { testConsoleApp } from '../../testing/test-console-app';
import { isUnreadable, readWarehouseDocument } from '../records/indexed-document';
import { createRecordStore } from '../store/record-store';
import type { RecordStore } from '../store/record-store-port';
import { testRecordStore } from './test-record-store';

// Orders, receives and returns in every state, filled into a console's index, for the tests of its
// lists and exports.

/** The moment every test asks at: orders due before it and not finished are late. */
export const now = Date.parse('2026-11-25T12:00:00Z');
export const updatedAt = (minute: number) => `2026-11-20T09:${String(minute).padStart(2, '0')}:00+00:00`;
const warehouses = ['LAW', 'NJE', 'DFW'];

const orderStatesInTurn = orderStates.filter((state) => state !== 'shipped_over');

/** A line of a shipment, outgoing or received: both have the same members. */
function shipmentLine(
  lineNumber: string,
  productCode: string,
  quantity: number,
): ShipmentLine & ReceiveShipmentLine {
  return {
    lineNumber,
    productCode,
    quantity,
    lineAttributes: [],
    lineCustomAttributes: [],
    partAttributes: [],
    sublines: [],
  };
}

const shippedLines = (teeShirts: number, cameras: number) => [
  shipmentLine('1', 'TEE-S', teeShirts),
  shipmentLine('2', 'CAM-1', cameras),
];

function orderShipments(state: OrderState): OrderShipment[] {
  const shipment = enteredOrder().shipments[0] as OrderShipment;
  const shipments: Record<OrderState, OrderShipment[]> = {
    entered: [shipment],
    picking: [{ ...shipment, status: 'PIC' }],
    held: [{ ...shipment, status: 'HEL' }],
    partly_shipped: [
      { ...shipment, status: 'FIN', shipmentLines: shippedLines(3, 0) },
      { ...shipment, id: 'ship-2', status: 'ENT' },
    ],
    shipped: [{ ...shipment, status: 'FIN', shipmentLines: shippedLines(3, 2) }],
    shipped_short: [{ ...shipment, status: 'FIN', shipmentLines: shippedLines(1, 2) }],
    shipped_over: [{ ...shipment, status: 'FIN', shipmentLines: shippedLines(4, 2) }],
    canceled: [{ ...shipment, status: 'CAN' }],
  };
  return shipments[state];
}

/**
 * Twenty orders in every state, three warehouses, due dates around `now` (every fifth without one), and
 * updated in pairs at the same minute, so sorts must break ties by the record's id (here: its number).
 */
export const orderCases = Array.from({ length: 20 }, (_, index) => {
  const number = index + 1;
  const state = orderStatesInTurn[index % orderStatesInTurn.length] as OrderState;
  const shipBy = number % 5 === 0 ? null : `2026-11-${10 + number}T00:00:00+00:00`;
  const customers: Record<number, string> = { 1: '=HYPERLINK("http://x")', 2: 'Doe, Jane "JD"' };
  const order: Order = enteredOrder({
    id: `order-${number}`,
    primaryReference: `SO-${String(number).padStart(2, '0')}`,
    status: state === 'canceled' ? 'CAN' : state.startsWith('shipped') ? 'FIN' : 'PRS',
    warehouseCode: warehouses[index % 3],
    dateLastUpdated: updatedAt(Math.ceil(number / 2)),
    shipToAddress: { contact: { personName: customers[number] ?? `Customer ${number}` } },
    shipments: orderShipments(state),
    ...(shipBy ? { requiredShipDate: shipBy } : {}),
  });
  const dueMs = shipBy ? Date.parse(shipBy) : null;
  return {
    number,
    order,
    reference: order.primaryReference,
    state,
    status: order.status,
    warehouse: order.warehouseCode as string,
    dueMs,
    updatedMs: Date.parse(order.dateLastUpdated as string),
    late: dueMs !== null && dueMs < now && !finishedOrderStates.includes(state),
  };
});
export type OrderCase = (typeof orderCases)[number];

const receiveStatesInTurn = ['awaiting', 'partial', 'complete', 'short', 'over', 'canceled'] as const;
type ReceiveState = (typeof receiveStatesInTurn)[number];

const receivedLines = (teeShirts: number, milk: number) => [
  shipmentLine('1', 'TEE-S', teeShirts),
  ...(milk > 0 ? [shipmentLine('2', 'MILK', milk)] : []),
];

/** Announced: 10 TEE-S and 4 MILK. */
const receiveShapes: Record<ReceiveState, { status: string; lines: ReceiveShipmentLine[] }> = {
  awaiting: { status: 'PRS', lines: [] },
  partial: { status: 'PRS', lines: receivedLines(5, 0) },
  complete: { status: 'FIN', lines: receivedLines(10, 4) },
  short: { status: 'FIN', lines: receivedLines(6, 4) },
  over: { status: 'PRS', lines: receivedLines(12, 4) },
  canceled: { status: 'CAN', lines: [] },
};

/** Twelve receives and four returns in every completeness state; ETAs missing on every fourth. */
export const receiveCases = Array.from({ length: 16 }, (_, index) => {
  const number = index + 1;
  const kind: 'receive' | 'return' = number > 12 ? 'return' : 'receive';
  const state = receiveStatesInTurn[index % receiveStatesInTurn.length] as ReceiveState;
  const { status, lines } = receiveShapes[state];
  const eta = number % 4 === 0 ? null : `2026-11-${10 + number}T00:00:00+00:00`;
  const shipment = announcedReceive().shipments[0] as ReceiveShipment;
  const receive: Receive = announcedReceive({
    id: `receive-${number}`,
    primaryReference: `${kind === 'return' ? 'RMA' : 'PO'}-${String(number).padStart(2, '0')}`,
    status,
    subtype: kind === 'return' ? 'RET' : undefined,
    warehouseCode: warehouses[index % 3],
    dateLastUpdated: updatedAt(Math.ceil(number / 2)),
    shipFromAddress: { contact: { personName: `Sender ${number}` } },
    shipments: [{ ...shipment, receiveLines: lines }],
    ...(eta ? { eta } : {}),
    ...(kind === 'return'
      ? {
          additionalReferences: returnReferences(`SO-${number}`, [
            { externalLineReference: 'R1', reason: 'Damaged' },
            { externalLineReference: 'R2', reason: 'Wrong item' },
          ]),
        }
      : {}),
  });
  return {
    number,
    receive,
    kind,
    reference: receive.primaryReference,
    state,
    status,
    warehouse: receive.warehouseCode as string,
    dueMs: eta ? Date.parse(eta) : null,
    updatedMs: Date.parse(receive.dateLastUpdated as string),
    received: lines.reduce((sum, line) => sum + line.quantity, 0),
  };
});
export type ReceiveCase = (typeof receiveCases)[number];

/** Whatever stores a version: a RecordStore, or PostgreSQL's writes on their own. */
type VersionWriter = Pick<RecordStore, 'apply'>;

export async function applyDocument(records: VersionWriter, document: Order | Receive) {
  const read = readWarehouseDocument(document);
  if (isUnreadable(read)) throw new Error(read.reason);
  await records.apply(read, 'sync');
}

export async function fill(records: VersionWriter) {
  for (const { order } of orderCases) await applyDocument(records, order);
  for (const { receive } of receiveCases) await applyDocument(records, receive);
}

/**
 * The console over an index filled with the list fixtures: on the engine under test, or in `consoleDb`
 * when a test of SQLite's own gives one.
 */
export async function consoleWithRecords(consoleDb?: ConsoleDatabase) {
  const records = consoleDb
    ? createRecordStore(consoleDb, { organization: '', now: () => now })
    : await testRecordStore({ now: () => now });
  await fill(records);
  const app = testConsoleApp({ consoleDb, records });
  const get = (path: string, headers: Record<string, string> = {}) =>
    app.request(path, { headers: { host: '127.0.0.1:3000', ...headers } });
  return { app, get, records };
}

/**
 * The console over the list fixtures with one account of `role` signed in (sign-in on, so roles count): a
 * GET and a PATCH as that person.
 */
export async function signedInAs(role: Role) {
  const password = 'a long enough password';
  const consoleDb = openConsoleDatabase(':memory:');
  await createSqliteAccountStore(consoleDb).add(`a-${role}`, role, password);
  const { app, get, records } = await consoleWithRecords(consoleDb);
  const response = await app.request('/api/session', {
    method: 'POST',
    headers: { host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000', 'content-type': 'application/json' },
    body: JSON.stringify({ name: `a-${role}`, password }),
  });
  expect(response.status).toBe(200);
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] as string;
  /** A change as the console's own pages send it, as that person. */
  const patch = (path: string, body: unknown) =>
    app.request(path, {
      method: 'PATCH',
      headers: {
        host: '127.0.0.1:3000',
        origin: 'http://127.0.0.1:3000',
        'content-type': 'application/json',
        cookie,
      },
      body: JSON.stringify(body),
    });
  return { get: (path: string) => get(path, { cookie }), patch, records };
}
