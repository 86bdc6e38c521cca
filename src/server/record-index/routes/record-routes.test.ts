import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  indexedRecordSchema,
  maxProductDescriptionCodes,
  orderReturnsSchema,
  productDescriptionsSchema,
} from '../../../contract/index-records';
import { announcedReceive, enteredOrder } from '../../../sandbox/testing/test-documents';
import { openConsoleDatabase } from '../../store/sqlite/console-db';
import { testConsoleApp } from '../../testing/test-console-app';
import { isUnreadable, readProductDocument, readWarehouseDocument } from '../records/indexed-document';
import { createRecordStore } from '../store/record-store';
import type { RecordStore } from '../store/record-store-port';
import { dropGlanceColumns } from '../testing/before-glance-columns';
import { testRecordStore } from '../testing/test-record-store';

/** The operator as far as lookups go: the documents it holds, or a failure for every question. */
async function startOperator(documents: Record<string, unknown>[], { ignoresFilter = false } = {}) {
  const asked: string[] = [];
  let failing = false;
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://operator');
    asked.push(`${url.pathname}${url.search}`);
    if (failing) {
      response.writeHead(503, { 'content-type': 'text/plain' }).end('down');
      return;
    }
    const member = url.pathname.split('/').at(-1) ?? '';
    const wanted = url.searchParams.get('PrimaryReference')?.toLowerCase();
    const found = documents.filter(
      (document) =>
        (member === 'orders') === 'orderLines' in document &&
        (ignoresFilter || String(document.primaryReference).toLowerCase() === wanted),
    );
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ data: { [member]: found }, id: 'x', resource: [], errors: [] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    asked,
    fail: () => {
      failing = true;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const stopping: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(stopping.splice(0).map((stop) => stop()));
});

async function apply(store: RecordStore, document: unknown) {
  const read = readWarehouseDocument(document);
  if (isUnreadable(read)) throw new Error(read.reason);
  return store.apply(read, 'webhook');
}

async function consoleOver(operatorDocuments: Record<string, unknown>[] = [], ignoresFilter = false) {
  const operator = await startOperator(operatorDocuments, { ignoresFilter });
  stopping.push(operator.close);
  let clock = Date.parse('2026-11-25T12:00:00Z');
  const records = await testRecordStore({ organization: 'north', now: () => clock });
  const app = testConsoleApp({ records, upstreamUrl: operator.url });
  return {
    operator,
    records,
    tick: (ms: number) => {
      clock += ms;
    },
    get: (path: string) => app.request(path),
  };
}

async function recordOf(response: Response) {
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-store');
  return indexedRecordSchema.parse((await response.json()).data);
}

const order = enteredOrder({ primaryReference: 'SO-7', dateLastUpdated: '2026-11-21T08:00:00+00:00' });
const shipped = enteredOrder({
  primaryReference: 'SO-7',
  status: 'FIN',
  dateLastUpdated: '2026-11-22T08:00:00+00:00',
});

describe('GET /api/index/records/{kind}/{reference}', () => {
  it('answers a record the index holds from the index, with its source and times, without asking the operator', async () => {
    const { records, get, operator } = await consoleOver();
    await apply(records, order);
    const record = await recordOf(await get('/api/index/records/order/SO-7'));
    expect(record).toMatchObject({
      kind: 'order',
      reference: 'SO-7',
      source: 'webhook',
      asOf: '2026-11-25T12:00:00.000Z',
      updated: '2026-11-21T08:00:00.000Z',
    });
    expect(record.document).toEqual(JSON.parse(JSON.stringify(order)));
    expect(operator.asked).toEqual([]);
  });

  it('finds a record the index holds under a reference in other letter case, without asking the operator', async () => {
    const { records, get, operator } = await consoleOver();
    await apply(records, order);
    expect(await recordOf(await get('/api/index/records/order/so-7'))).toMatchObject({
      reference: 'SO-7',
      source: 'webhook',
    });
    expect(operator.asked).toEqual([]);
  });

  it('looks a record the index lacks up at the operator and indexes it as a lookup', async () => {
    const { get, records, operator } = await consoleOver([order]);
    const record = await recordOf(await get('/api/index/records/order/so-7'));
    expect(record).toMatchObject({
      reference: 'SO-7',
      source: 'lookup',
      updated: '2026-11-21T08:00:00.000Z',
    });
    expect(operator.asked).toEqual(['/warehouse/v1/orders?PrimaryReference=so-7']);
    expect((await records.find('order', 'SO-7'))?.source).toBe('lookup');
  });

  it('asks the operator first on refresh: a newer version is stored, the same one is confirmed as of now', async () => {
    const { get, records, operator, tick } = await consoleOver([shipped]);
    await apply(records, order);
    tick(60_000);
    const newer = await recordOf(await get('/api/index/records/order/SO-7?refresh=true'));
    expect(newer).toMatchObject({ source: 'lookup', updated: '2026-11-22T08:00:00.000Z' });
    expect(newer.document.status).toBe('FIN');
    expect(newer.asOf).toBe('2026-11-25T12:01:00.000Z');

    tick(60_000);
    const confirmed = await recordOf(await get('/api/index/records/order/SO-7?refresh=true'));
    expect(confirmed).toMatchObject({ source: 'lookup', asOf: '2026-11-25T12:02:00.000Z' });
    expect(operator.asked).toHaveLength(2);
  });

  it('says the warehouse could not be asked when a refresh fails, and keeps what it holds', async () => {
    const { get, records, operator } = await consoleOver([shipped]);
    await apply(records, order);
    operator.fail();
    const answer = await get('/api/index/records/order/SO-7?refresh=true');
    expect(answer.status).toBe(502);
    expect((await answer.json()).errors[0]).toMatchObject({ code: 'upstream_unreachable' });
    expect((await records.find('order', 'SO-7'))?.source).toBe('webhook');
  });

  it('finds returns as receives and as returns, and a plain receive only as a receive', async () => {
    const { get, records } = await consoleOver();
    await apply(records, announcedReceive({ primaryReference: 'PO-1' }));
    await apply(records, announcedReceive({ id: 'r-2', primaryReference: 'RMA-1', subtype: 'RET' }));
    expect((await recordOf(await get('/api/index/records/receive/PO-1'))).kind).toBe('receive');
    expect((await recordOf(await get('/api/index/records/receive/RMA-1'))).kind).toBe('return');
    expect((await recordOf(await get('/api/index/records/return/RMA-1'))).kind).toBe('return');
    expect((await get('/api/index/records/return/PO-1')).status).toBe(404);
  });

  it('answers 404 in the envelope when neither the index nor the operator has it', async () => {
    const { get, operator } = await consoleOver([order]);
    const answer = await get('/api/index/records/receive/SO-7');
    expect(answer.status).toBe(404);
    expect((await answer.json()).errors[0]).toMatchObject({ code: 'not_found', title: 'No such receive' });
    expect(operator.asked).toEqual(['/warehouse/v1/receives?PrimaryReference=SO-7']);
  });

  it('takes no other record for the one asked for from an operator that ignores the lookup', async () => {
    const { get, records } = await consoleOver([enteredOrder({ primaryReference: 'SO-8' }), order], true);
    expect((await recordOf(await get('/api/index/records/order/SO-7'))).reference).toBe('SO-7');
    expect((await get('/api/index/records/order/SO-9')).status).toBe(404);
    expect(await records.find('order', 'SO-8')).toBeNull();
  });

  it('keeps to its organization: another one’s record is not answered', async () => {
    const { get, records } = await consoleOver();
    await apply(await testRecordStore({ organization: 'south', beside: records }), order);
    expect((await get('/api/index/records/order/SO-7')).status).toBe(404);
  });

  it.each([
    ['an unknown kind', '/api/index/records/product/P-1', 'kind'],
    ['an over-long reference', `/api/index/records/order/${'X'.repeat(101)}`, 'reference'],
    ['a blank reference', '/api/index/records/order/%20', 'reference'],
    ['an unreadable refresh', '/api/index/records/order/SO-7?refresh=yes', 'refresh'],
  ])('refuses %s with 400 naming the parameter, asking nobody', async (_, path, parameter) => {
    const { get, operator } = await consoleOver([order]);
    const answer = await get(path);
    expect(answer.status).toBe(400);
    expect((await answer.json()).errors[0]).toMatchObject({
      code: 'validation_failed',
      source: { parameter },
    });
    expect(operator.asked).toEqual([]);
  });
});

describe('GET /api/search and the operator behind the index', () => {
  it('asks the operator for an exact reference the index lacks, unless told lookup=false (as you type)', async () => {
    const { get, operator } = await consoleOver([order]);
    const typed = await get('/api/search?q=SO-7&lookup=false');
    expect((await typed.json()).data.matches).toEqual([]);
    expect(operator.asked).toEqual([]);
    const entered = await get('/api/search?q=SO-7');
    expect((await entered.json()).data.matches).toMatchObject([{ primaryReference: 'SO-7' }]);
    expect(operator.asked).toEqual(['/warehouse/v1/orders?PrimaryReference=SO-7']);
    expect((await get('/api/search?q=SO-7&lookup=maybe')).status).toBe(400);
  });
});

describe('GET /api/index/orders/{reference}/returns', () => {
  const returnOf = (reference: string, originalOrder: string, id: string) =>
    announcedReceive({
      id,
      primaryReference: reference,
      subtype: 'RET',
      additionalReferences: [
        { key: 'note', value: 'SO-7' },
        { key: 'originalOrder', value: originalOrder },
      ],
    });

  it('answers the returns naming the order as their original, in any letter case, and no other record', async () => {
    const { records, get, operator } = await consoleOver();
    await apply(records, order);
    await apply(records, returnOf('RMA-1', 'SO-7', 'r1'));
    await apply(records, returnOf('RMA-2', 'so-7', 'r2'));
    // Names SO-7 elsewhere, but returns SO-70: not a return of SO-7.
    await apply(records, returnOf('RMA-3', 'SO-70', 'r3'));
    await apply(
      records,
      announcedReceive({
        id: 'p1',
        primaryReference: 'PO-1',
        additionalReferences: [{ key: 'originalOrder', value: 'SO-7' }],
      }),
    );
    const response = await get('/api/index/orders/so-7/returns');
    expect(response.status).toBe(200);
    const { returns } = orderReturnsSchema.parse((await response.json()).data);
    expect(returns.map((found) => [found.kind, found.reference])).toEqual([
      ['return', 'RMA-1'],
      ['return', 'RMA-2'],
    ]);
    expect(operator.asked).toEqual([]);
  });

  it('finds them by an exact key written with each return, not by reading every return (SQLite)', async () => {
    const consoleDb = openConsoleDatabase(':memory:');
    const records = createRecordStore(consoleDb, { organization: 'north' });
    await apply(records, returnOf('RMA-1', 'SO-7', 'r1'));
    await apply(records, returnOf('RMA-2', 'so-7', 'r2'));
    const keyed = consoleDb
      .prepare(
        `SELECT reference, value FROM record_exact_values JOIN records ON records.id = record_id
         WHERE value GLOB 'originalOrder:*' ORDER BY reference`,
      )
      .all();
    expect(keyed).toEqual([
      { reference: 'RMA-1', value: 'originalOrder:so-7' },
      { reference: 'RMA-2', value: 'originalOrder:so-7' },
    ]);
  });

  it('finds the returns a database held before the key was kept, once migrated', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'order-returns-'));
    try {
      const file = join(directory, 'console.db');
      const db = openConsoleDatabase(file);
      const before = createRecordStore(db, { organization: 'north' });
      await apply(before, returnOf('RMA-1', 'SO-7', 'r1'));
      await apply(before, returnOf('RMA-3', 'SO-70', 'r3'));
      // As the migration before the key found it: only emails and phones keyed.
      db.exec("DELETE FROM record_exact_values WHERE value GLOB 'originalOrder:*'");
      db.exec(dropGlanceColumns);
      db.exec('ALTER TABLE records DROP COLUMN refundable');
      db.exec('DROP TABLE record_parts');
      db.pragma('user_version = 9');
      db.close();
      const migrated = openConsoleDatabase(file);
      const after = createRecordStore(migrated, { organization: 'north' });
      expect((await after.returnsOfOrder('so-7', 10)).map((found) => found.reference)).toEqual(['RMA-1']);
      expect((await after.returnsOfOrder('SO-70', 10)).map((found) => found.reference)).toEqual(['RMA-3']);
      migrated.close();
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });

  it('refuses a reference longer than any order has', async () => {
    const { get } = await consoleOver();
    expect((await get(`/api/index/orders/${'S'.repeat(101)}/returns`)).status).toBe(400);
  });
});

function applyProduct(store: RecordStore, productCode: string, productDescription: string) {
  const read = readProductDocument({
    id: `id-${productCode}`,
    productCode,
    productDescription,
    productUnit: 'UNT',
    dateLastUpdated: '2026-11-21T08:00:00+00:00',
  });
  if (isUnreadable(read)) throw new Error(read.reason);
  return store.apply(read, 'webhook');
}

describe('GET /api/index/products/descriptions', () => {
  it('answers every code the index knows in one reply, leaving out the codes it does not know, without asking the operator', async () => {
    const { records, get, operator } = await consoleOver();
    await applyProduct(records, 'TAB-12-256', 'Tablet 12in 256GB');
    await applyProduct(records, 'TEE-M', 'T-shirt, medium');
    const response = await get(
      '/api/index/products/descriptions?code=TAB-12-256&code=NOPE-1&code=TEE-M&code=TEE-M',
    );
    expect(response.status).toBe(200);
    const { products } = productDescriptionsSchema.parse((await response.json()).data);
    expect(products).toEqual([
      { productCode: 'TAB-12-256', productDescription: 'Tablet 12in 256GB' },
      { productCode: 'TEE-M', productDescription: 'T-shirt, medium' },
    ]);
    expect(operator.asked).toEqual([]);
  });

  it('answers no codes with no products', async () => {
    const { get } = await consoleOver();
    const response = await get('/api/index/products/descriptions');
    expect(productDescriptionsSchema.parse((await response.json()).data)).toEqual({ products: [] });
  });

  it('refuses more codes than one page can show, naming the parameter', async () => {
    const { get } = await consoleOver();
    const codes = Array.from(
      { length: maxProductDescriptionCodes + 1 },
      (_, index) => `code=P-${index}`,
    ).join('&');
    const response = await get(`/api/index/products/descriptions?${codes}`);
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain('at most 200 product codes');
  });
});
