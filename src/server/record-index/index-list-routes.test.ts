import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Role } from '../../contract/access';
import { envelopeSchema, errorEnvelopeSchema } from '../../contract/envelope';
import {
  finishedOrderStates,
  indexListPageSchema,
  type OrderState,
  orderListRowSchema,
  orderStates,
  receiveListRowSchema,
} from '../../contract/index-lists';
import type { Order, OrderShipment, ShipmentLine } from '../../contract/order';
import type { Receive, ReceiveShipment, ReceiveShipmentLine } from '../../contract/receive';
import { announcedReceive, enteredOrder } from '../../sandbox/testing/test-documents';
import { createAccountStore } from '../account-store';
import { type ConsoleDatabase, openConsoleDatabase } from '../console-db';
import { testConsoleApp } from '../testing/test-console-app';
import { isUnreadable, readWarehouseDocument } from './indexed-document';
import { createRecordStore, type RecordStore } from './record-store';

/** The moment every test asks at: orders due before it and not finished are late. */
const now = Date.parse('2026-11-25T12:00:00Z');
const updatedAt = (minute: number) => `2026-11-20T09:${String(minute).padStart(2, '0')}:00+00:00`;
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
const orderCases = Array.from({ length: 20 }, (_, index) => {
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
type OrderCase = (typeof orderCases)[number];

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
const receiveCases = Array.from({ length: 16 }, (_, index) => {
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
type ReceiveCase = (typeof receiveCases)[number];

function applyDocument(records: RecordStore, document: Order | Receive) {
  const read = readWarehouseDocument(document);
  if (isUnreadable(read)) throw new Error(read.reason);
  records.apply(read, 'sync');
}

function fill(records: RecordStore) {
  for (const { order } of orderCases) applyDocument(records, order);
  for (const { receive } of receiveCases) applyDocument(records, receive);
}

function consoleWithRecords(consoleDb: ConsoleDatabase = openConsoleDatabase(':memory:')) {
  const records = createRecordStore(consoleDb, { organization: '', now: () => now });
  fill(records);
  const app = testConsoleApp({ consoleDb, records });
  const get = (path: string, headers: Record<string, string> = {}) =>
    app.request(path, { headers: { host: '127.0.0.1:3000', ...headers } });
  return { app, get, records };
}

const orderPageSchema = envelopeSchema(indexListPageSchema(orderListRowSchema));
const receivePageSchema = envelopeSchema(indexListPageSchema(receiveListRowSchema));

/** Every page of a list, `limit` rows at a time, following nextCursor to the end. */
async function walk(
  get: ReturnType<typeof consoleWithRecords>['get'],
  path: '/api/index/orders' | '/api/index/receives',
  query: Record<string, string>,
  limit = 3,
) {
  const references: string[] = [];
  const totals = new Set<number>();
  let cursor: string | null = null;
  for (let pages = 0; pages < 50; pages++) {
    const params = new URLSearchParams({ ...query, limit: String(limit), ...(cursor ? { cursor } : {}) });
    const response = await get(`${path}?${params}`);
    expect(response.status).toBe(200);
    const schema = path === '/api/index/orders' ? orderPageSchema : receivePageSchema;
    const { data } = schema.parse(await response.json());
    expect(data.rows.length).toBeLessThanOrEqual(limit);
    references.push(...data.rows.map((row) => row.reference));
    totals.add(data.total);
    cursor = data.nextCursor;
    if (cursor === null) break;
  }
  expect(cursor).toBeNull();
  return { references, totals: [...totals] };
}

/** Every page of a list holds the `expected` references in their order, and each counts them all. */
async function expectListed(
  path: '/api/index/orders' | '/api/index/receives',
  query: Record<string, string>,
  expected: string[],
) {
  expect(expected.length).toBeGreaterThan(0);
  const { references, totals } = await walk(consoleWithRecords().get, path, query);
  expect(references).toEqual(expected);
  expect(totals).toEqual([expected.length]);
}

type Case = { number: number; reference: string; state: string; dueMs: number | null; updatedMs: number };

/** The order a sort should give, ties broken by the record's id (the number, as filled in order). */
function sorted<T extends Case>(cases: T[], key: (c: T) => (string | number)[], direction: 'asc' | 'desc') {
  const sign = direction === 'asc' ? 1 : -1;
  const compare = (a: T, b: T) => {
    const [left, right] = [
      [...key(a), a.number],
      [...key(b), b.number],
    ];
    for (let i = 0; i < left.length; i++) {
      if (left[i] !== right[i])
        return (left[i] as string | number) < (right[i] as string | number) ? -sign : sign;
    }
    return 0;
  };
  return [...cases].sort(compare);
}

const newestFirst = <T extends Case>(cases: T[]) =>
  sorted(cases, (c) => [c.updatedMs], 'desc').map((c) => c.reference);

/** Dated records first in either direction, then the undated ones by id. */
function byDue<T extends Case>(cases: T[], direction: 'asc' | 'desc') {
  const dated = sorted(
    cases.filter((c) => c.dueMs !== null),
    (c) => [c.dueMs as number],
    direction,
  );
  const undated = sorted(
    cases.filter((c) => c.dueMs === null),
    () => [],
    direction,
  );
  return [...dated, ...undated].map((c) => c.reference);
}

describe('the orders list', () => {
  it('answers a page in the envelope with what a list shows, newest first, and the total', async () => {
    const { get } = consoleWithRecords();
    const response = await get('/api/index/orders?limit=2');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const { data } = orderPageSchema.parse(await response.json());
    expect(data.total).toBe(20);
    expect(data.nextCursor).toEqual(expect.any(String));
    expect(data.rows).toEqual([
      {
        reference: 'SO-20',
        kind: 'order',
        status: 'FIN',
        state: 'shipped_short',
        late: false,
        warehouse: 'NJE',
        customer: 'Customer 20',
        shipBy: null,
        updated: '2026-11-20T09:10:00.000Z',
        ordered: 5,
        shipped: 3,
        short: true,
        over: false,
      },
      {
        reference: 'SO-19',
        kind: 'order',
        status: 'FIN',
        state: 'shipped',
        late: false,
        warehouse: 'LAW',
        customer: 'Customer 19',
        shipBy: '2026-11-29T00:00:00.000Z',
        updated: '2026-11-20T09:10:00.000Z',
        ordered: 5,
        shipped: 5,
        short: false,
        over: false,
      },
    ]);
  });

  it('derives each order’s state and lateness as the fixture meant them', async () => {
    const { get } = consoleWithRecords();
    const { data } = orderPageSchema.parse(await (await get('/api/index/orders?limit=200')).json());
    const byReference = new Map(orderCases.map((c) => [c.reference, c]));
    for (const row of data.rows) {
      const expected = byReference.get(row.reference) as OrderCase;
      expect([row.state, row.late, row.status]).toEqual([expected.state, expected.late, expected.status]);
    }
    expect(data.rows).toHaveLength(20);
  });

  const filters: [string, Record<string, string>, (c: OrderCase) => boolean][] = [
    ['status', { status: 'FIN' }, (c) => c.status === 'FIN'],
    ['statuses in any case, comma-separated', { status: 'fin,can' }, (c) => c.status !== 'PRS'],
    ['state', { state: 'held' }, (c) => c.state === 'held'],
    ['states, repeated', { state: 'picking,held' }, (c) => ['picking', 'held'].includes(c.state)],
    ['late', { late: 'true' }, (c) => c.late],
    ['not late', { late: 'false' }, (c) => !c.late],
    ['warehouse', { warehouse: 'NJE' }, (c) => c.warehouse === 'NJE'],
    [
      'ship-by days, both ends included',
      { shipByFrom: '2026-11-20', shipByTo: '2026-11-22' },
      (c) => c.dueMs !== null && c.dueMs >= Date.parse('2026-11-20') && c.dueMs <= Date.parse('2026-11-22'),
    ],
    [
      'updated instants with offsets',
      { updatedFrom: '2026-11-20T10:03:00+01:00', updatedTo: '2026-11-20T09:05:00Z' },
      (c) => c.updatedMs >= Date.parse(updatedAt(3)) && c.updatedMs <= Date.parse(updatedAt(5)),
    ],
    [
      'several at once',
      { state: 'entered,picking,held', warehouse: 'LAW', late: 'true' },
      (c) => ['entered', 'picking', 'held'].includes(c.state) && c.warehouse === 'LAW' && c.late,
    ],
  ];

  it.each(filters)('filters by %s, every page counting all matches', (_name, query, matches) =>
    expectListed('/api/index/orders', query, newestFirst(orderCases.filter(matches))),
  );

  it('combines repeated and comma-separated values of one filter', async () => {
    const { get } = consoleWithRecords();
    const { references } = await walk(get, '/api/index/orders', {});
    const response = await get('/api/index/orders?state=entered&state=held,picking&limit=200');
    const { data } = orderPageSchema.parse(await response.json());
    expect(data.rows.map((row) => row.reference)).toEqual(
      references.filter((reference) =>
        ['entered', 'held', 'picking'].includes(
          orderCases.find((c) => c.reference === reference)?.state as string,
        ),
      ),
    );
  });

  const orderSorts: [string, 'asc' | 'desc', (direction: 'asc' | 'desc') => string[]][] = (
    ['asc', 'desc'] as const
  ).flatMap((direction) => [
    ['updated', direction, (d) => sorted(orderCases, (c) => [c.updatedMs], d).map((c) => c.reference)],
    ['shipBy', direction, (d) => byDue(orderCases, d)],
    ['reference', direction, (d) => sorted(orderCases, (c) => [c.reference], d).map((c) => c.reference)],
    ['state', direction, (d) => sorted(orderCases, (c) => [c.state, c.updatedMs], d).map((c) => c.reference)],
  ]);

  it.each(orderSorts)('sorts by %s %s, pages of 3 visiting every order exactly once', (sort, dir, expected) =>
    expectListed('/api/index/orders', { sort, dir }, expected(dir)),
  );

  it('keeps its place when a record moves between pages: nothing repeats, nothing is skipped', async () => {
    const { get, records } = consoleWithRecords();
    const first = orderPageSchema.parse(await (await get('/api/index/orders?limit=5')).json());
    expect(first.data.rows.map((row) => row.reference)).toEqual([
      'SO-20',
      'SO-19',
      'SO-18',
      'SO-17',
      'SO-16',
    ]);
    // The oldest order changes: newest first, it moves to the top, ahead of every page not yet read.
    applyDocument(records, enteredOrder({ primaryReference: 'SO-01', dateLastUpdated: updatedAt(30) }));
    const second = orderPageSchema.parse(
      await (await get(`/api/index/orders?limit=5&cursor=${first.data.nextCursor}`)).json(),
    );
    expect(second.data.rows.map((row) => row.reference)).toEqual([
      'SO-15',
      'SO-14',
      'SO-13',
      'SO-12',
      'SO-11',
    ]);
  });
});

describe('the receives list', () => {
  const receivesOnly = receiveCases.filter((c) => c.kind === 'receive');
  const filters: [string, Record<string, string>, (c: ReceiveCase) => boolean][] = [
    ['nothing: receives, not returns', {}, (c) => c.kind === 'receive'],
    ['kind: returns', { kind: 'return' }, (c) => c.kind === 'return'],
    ['status', { status: 'FIN' }, (c) => c.kind === 'receive' && c.status === 'FIN'],
    [
      'completeness state',
      { state: 'partial,over' },
      (c) => c.kind === 'receive' && ['partial', 'over'].includes(c.state),
    ],
    ['short', { discrepancy: 'short' }, (c) => c.kind === 'receive' && c.state === 'short'],
    ['over', { discrepancy: 'over' }, (c) => c.kind === 'receive' && c.state === 'over'],
    ['either', { discrepancy: 'any' }, (c) => c.kind === 'receive' && ['short', 'over'].includes(c.state)],
    ['warehouse', { warehouse: 'DFW' }, (c) => c.kind === 'receive' && c.warehouse === 'DFW'],
    [
      'ETA',
      { etaFrom: '2026-11-12', etaTo: '2026-11-15T00:00:00Z' },
      (c) =>
        c.kind === 'receive' &&
        c.dueMs !== null &&
        c.dueMs >= Date.parse('2026-11-12') &&
        c.dueMs <= Date.parse('2026-11-15'),
    ],
    [
      'updated, returns',
      { kind: 'return', updatedFrom: '2026-11-20', updatedTo: updatedAt(7) },
      (c) => c.kind === 'return' && c.updatedMs <= Date.parse(updatedAt(7)),
    ],
  ];

  it.each(filters)('filters by %s', (_name, query, matches) =>
    expectListed('/api/index/receives', query, newestFirst(receiveCases.filter(matches))),
  );

  it('shows a receive as a list does, its completeness as the state', async () => {
    const { get } = consoleWithRecords();
    const { data } = receivePageSchema.parse(
      await (await get('/api/index/receives?sort=reference&limit=5')).json(),
    );
    expect(data.rows[3]).toEqual({
      reference: 'PO-04',
      kind: 'receive',
      status: 'FIN',
      state: 'short',
      warehouse: 'LAW',
      sender: 'Sender 4',
      eta: null,
      updated: '2026-11-20T09:02:00.000Z',
      announced: 14,
      received: 10,
      short: true,
      over: false,
    });
    expect(data.rows.map((row) => row.state)).toEqual(receivesOnly.slice(0, 5).map((c) => c.state));
  });

  const receiveSorts: [string, 'asc' | 'desc', (direction: 'asc' | 'desc') => string[]][] = (
    ['asc', 'desc'] as const
  ).flatMap((direction) => [
    ['updated', direction, (d) => sorted(receivesOnly, (c) => [c.updatedMs], d).map((c) => c.reference)],
    ['eta', direction, (d) => byDue(receivesOnly, d)],
    ['reference', direction, (d) => sorted(receivesOnly, (c) => [c.reference], d).map((c) => c.reference)],
    [
      'state',
      direction,
      (d) => sorted(receivesOnly, (c) => [c.state, c.updatedMs], d).map((c) => c.reference),
    ],
    ['received', direction, (d) => sorted(receivesOnly, (c) => [c.received], d).map((c) => c.reference)],
  ]);

  it.each(receiveSorts)(
    'sorts by %s %s, pages of 3 visiting every receive exactly once',
    (sort, dir, expected) => expectListed('/api/index/receives', { sort, dir }, expected(dir)),
  );
});

describe('bad list parameters', () => {
  const longValue = 'x'.repeat(201);
  it.each([
    ['/api/index/orders?state=lost', 'state'],
    ['/api/index/orders?state=completed', 'state'],
    ['/api/index/orders?sort=customer', 'sort'],
    ['/api/index/orders?sort=eta', 'sort'],
    ['/api/index/orders?dir=up', 'dir'],
    ['/api/index/orders?late=yes', 'late'],
    ['/api/index/orders?limit=0', 'limit'],
    ['/api/index/orders?limit=201', 'limit'],
    ['/api/index/orders?limit=ten', 'limit'],
    ['/api/index/orders?updatedFrom=2023-02-30', 'updatedFrom'],
    ['/api/index/orders?updatedTo=2023-02-29T10:00:00Z', 'updatedTo'],
    ['/api/index/orders?shipByFrom=2026-11-23T24:00:00Z', 'shipByFrom'],
    ['/api/index/orders?shipByTo=2026-13-01', 'shipByTo'],
    ['/api/index/orders?updatedFrom=yesterday', 'updatedFrom'],
    ['/api/index/orders?updatedFrom=2026-11-24&updatedTo=2026-11-23', 'updatedTo'],
    ['/api/index/orders?cursor=not-a-cursor', 'cursor'],
    ['/api/index/orders?status=%3Cscript%3E', 'status'],
    [`/api/index/orders?warehouse=${longValue}`, 'warehouse'],
    [`/api/index/orders?${'state=held&'.repeat(21)}`, 'state'],
    ['/api/index/orders?sort=updated&sort=reference', 'sort'],
    ['/api/index/orders?discrepancy=short', 'discrepancy'],
    ['/api/index/orders?shipby=2026-11-23', 'shipby'],
    ['/api/index/receives?kind=order', 'kind'],
    ['/api/index/receives?state=held', 'state'],
    ['/api/index/receives?discrepancy=some', 'discrepancy'],
    ['/api/index/receives?late=true', 'late'],
    ['/api/index/orders.csv?limit=10', 'limit'],
    ['/api/index/receives.csv?etaTo=2026-02-29', 'etaTo'],
  ])('refuses %s with 400 naming the parameter', async (path, parameter) => {
    const { get } = consoleWithRecords();
    const response = await get(path);
    expect(response.status).toBe(400);
    const problem = errorEnvelopeSchema.parse(await response.json()).errors[0];
    expect(problem).toMatchObject({
      code: 'validation_failed',
      source: { pointer: `/${parameter}`, parameter },
    });
  });

  it('refuses a cursor given out for another sort or direction', async () => {
    const { get } = consoleWithRecords();
    const { data } = orderPageSchema.parse(await (await get('/api/index/orders?limit=3')).json());
    for (const other of ['sort=reference', 'dir=asc']) {
      const response = await get(`/api/index/orders?limit=3&${other}&cursor=${data.nextCursor}`);
      expect(response.status).toBe(400);
      expect(errorEnvelopeSchema.parse(await response.json()).errors[0]?.source?.parameter).toBe('cursor');
    }
  });
});

/** A minimal RFC 4180 reader, to compare an export with the list it came from. */
function readCsv(text: string): string[][] {
  const records: string[][] = [];
  const cell = /("(?:[^"]|"")*"|[^,\r\n]*)(,|\r\n)/gy;
  let record: string[] = [];
  for (let match = cell.exec(text); match; match = cell.exec(text)) {
    const value = match[1] as string;
    record.push(value.startsWith('"') ? value.slice(1, -1).replaceAll('""', '"') : value);
    if (match[2] === '\r\n') {
      records.push(record);
      record = [];
    }
  }
  expect(cell.lastIndex === 0 || cell.lastIndex === text.length).toBe(true);
  return records;
}

/** An export's text after its byte order mark, which must be there (spreadsheets read UTF-8 by it). */
async function csvText(response: Response): Promise<string> {
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
  expect(text.startsWith('\uFEFF')).toBe(true);
  return text.slice(1);
}

describe('CSV exports', () => {
  it('streams exactly the filtered rows, quoted and with formulas defused, as an attachment', async () => {
    const { get } = consoleWithRecords();
    const response = await get(`/api/index/orders.csv?updatedTo=${encodeURIComponent(updatedAt(1))}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(await csvText(response)).toBe(
      'reference,kind,status,state,late,warehouse,customer,shipBy,updated,ordered,shipped,short,over\r\n' +
        'SO-02,order,PRS,picking,true,NJE,"Doe, Jane ""JD""",2026-11-12T00:00:00.000Z,2026-11-20T09:01:00.000Z,5,0,false,false\r\n' +
        `SO-01,order,PRS,entered,true,LAW,"'=HYPERLINK(""http://x"")",2026-11-11T00:00:00.000Z,2026-11-20T09:01:00.000Z,5,0,false,false\r\n`,
    );
  });

  it.each([
    ['/api/index/orders', { state: 'entered,picking,held', sort: 'shipBy', dir: 'desc' }],
    ['/api/index/orders', {}],
    ['/api/index/receives', { kind: 'return', sort: 'received' }],
    ['/api/index/receives', { discrepancy: 'any' }],
  ] as const)('exports from %s what the list holds, in its order: %j', async (path, query) => {
    const { get } = consoleWithRecords();
    const params = new URLSearchParams(query);
    const { data } = (path === '/api/index/orders' ? orderPageSchema : receivePageSchema).parse(
      await (await get(`${path}?${params}&limit=200`)).json(),
    );
    const response = await get(`${path}.csv?${params}`);
    const [header, ...lines] = readCsv(await csvText(response));
    expect(lines).toHaveLength(data.total);
    expect(lines).toEqual(
      data.rows.map((row) =>
        (header ?? []).map((column) => {
          const value = (row as Record<string, unknown>)[column];
          const text = value === null ? '' : String(value);
          return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
        }),
      ),
    );
    if (path === '/api/index/receives' && 'kind' in query) {
      expect(response.headers.get('content-disposition')).toMatch(/filename="returns-/);
    }
  });

  const password = 'a long enough password';
  async function signedIn(role: Role) {
    const consoleDb = openConsoleDatabase(':memory:');
    await createAccountStore(consoleDb).add(`a-${role}`, role, password);
    const { app, get } = consoleWithRecords(consoleDb);
    const response = await app.request('/api/session', {
      method: 'POST',
      headers: {
        host: '127.0.0.1:3000',
        origin: 'http://127.0.0.1:3000',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ name: `a-${role}`, password }),
    });
    expect(response.status).toBe(200);
    const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] as string;
    return (path: string) => get(path, { cookie });
  }

  it('refuses a role without exports.download with 403, which still reads the lists', async () => {
    const get = await signedIn('support');
    for (const path of ['/api/index/orders.csv', '/api/index/receives.csv?kind=return']) {
      const response = await get(path);
      expect(response.status).toBe(403);
      expect(errorEnvelopeSchema.parse(await response.json()).errors[0]?.code).toBe('forbidden');
    }
    expect((await get('/api/index/orders')).status).toBe(200);
  });

  it('lets a manager download, and refuses everyone before sign-in', async () => {
    const get = await signedIn('manager');
    const response = await get('/api/index/receives.csv?kind=return');
    expect(response.status).toBe(200);
    expect((await csvText(response)).split('\r\n').length).toBeGreaterThan(2);
    const activity = (await (await get('/api/activity')).json()).data.entries[0];
    expect(activity).toMatchObject({
      person: 'a-manager',
      action: 'Exported returns (CSV)',
      target: 'kind=return',
    });
    const { get: anonymous } = consoleWithRecords(await withAccount());
    expect((await anonymous('/api/index/orders.csv')).status).toBe(401);
    expect((await anonymous('/api/index/orders')).status).toBe(401);
  });

  async function withAccount() {
    const consoleDb = openConsoleDatabase(':memory:');
    await createAccountStore(consoleDb).add('someone', 'admin', password);
    return consoleDb;
  }
});

describe('export batches', () => {
  it('end early when their time is up, the next resuming after the last row read', () => {
    const records = createRecordStore(openConsoleDatabase(':memory:'), { organization: '', now: () => now });
    fill(records);
    const batches = [
      ...records.listBatches(
        { kind: 'order', statuses: [], states: [], warehouses: [] },
        { sort: 'due', direction: 'asc' },
        { batchSize: 1000, budgetMs: -1 },
      ),
    ];
    expect(batches.every((batch) => batch.length === 1)).toBe(true);
    expect(batches.flat().map((record) => record.reference)).toEqual(byDue(orderCases, 'asc'));
  });
});

describe('an export from a database on disk', () => {
  it('reads one snapshot: a record that changes during the export is neither missed nor read twice', () => {
    const directory = mkdtempSync(join(tmpdir(), 'index-lists-'));
    const consoleDb = openConsoleDatabase(join(directory, 'console.db'));
    try {
      const records = createRecordStore(consoleDb, { organization: '', now: () => now });
      fill(records);
      const batches = records.listBatches(
        { kind: 'order', statuses: [], states: [], warehouses: [] },
        { sort: 'updated', direction: 'desc' },
        { batchSize: 3, budgetMs: 100 },
      );
      const first = batches.next();
      const exported = first.done ? [] : first.value.map((record) => record.reference);
      // The oldest order changes: newest first, it moves to the top, where the export has been already.
      applyDocument(records, enteredOrder({ primaryReference: 'SO-01', dateLastUpdated: updatedAt(40) }));
      for (const batch of batches) exported.push(...batch.map((record) => record.reference));
      expect(exported).toEqual(newestFirst(orderCases));
    } finally {
      consoleDb.close();
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
