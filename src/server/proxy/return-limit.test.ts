import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelopeSchema } from '../../contract/envelope';
import type { Order } from '../../contract/order';
import { shippedShortOrder } from '../../testing/order-fixtures';
import { buildReturn } from '../../testing/receive-fixtures';
import { isUnreadable, readWarehouseDocument } from '../record-index/records/indexed-document';
import type { RecordStore } from '../record-index/store/record-store-port';
import { testRecordStore } from '../record-index/testing/test-record-store';
import { startEchoUpstream } from '../testing/echo-upstream';
import { testConsoleApp } from '../testing/test-console-app';

const stopping: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(stopping.splice(0).map((stop) => stop()));
});

async function apply(store: RecordStore, document: unknown) {
  const read = readWarehouseDocument(document);
  if (isUnreadable(read)) throw new Error(read.reason);
  await store.apply(read, 'webhook');
}

/**
 * A warehouse that creates each return it is sent, answering after `delayMs` with the return it made (as
 * the operator answers a create): two creates sent together are both under way at once. It knows the
 * orders `orders` (found by their reference) and no other; `lookups` lists the references asked for.
 */
async function startCreatingUpstream(delayMs: number, orders: Order[] = []) {
  const received: string[] = [];
  const lookups: string[] = [];
  const server = createServer((incoming, outgoing) => {
    let body = '';
    incoming.on('data', (chunk) => {
      body += chunk;
    });
    incoming.on('end', () => {
      const answer = (data: unknown) => {
        outgoing.writeHead(200, { 'content-type': 'application/json' });
        outgoing.end(JSON.stringify({ data, id: 'answer', resource: [], errors: [] }));
      };
      if (incoming.method === 'GET') {
        const reference = new URL(incoming.url ?? '', 'http://x').searchParams.get('PrimaryReference') ?? '';
        lookups.push(reference);
        return answer({ orders: orders.filter((order) => order.primaryReference === reference) });
      }
      const sent = JSON.parse(body) as ReturnType<typeof returnRequest>;
      received.push(sent.primaryReference);
      const made = buildReturn({
        reference: sent.primaryReference,
        originalOrder: sent.additionalReferences[0]?.value ?? '',
        announced: Object.fromEntries(sent.receiveLines.map((line) => [line.productCode, line.quantity])),
      });
      setTimeout(() => answer(made), delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    lookups,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** A console over `upstream`, with SO-1001 (3 LAMP-01 shipped) indexed. */
async function consoleWithOrder<Upstream extends { url: string; close: () => Promise<unknown> }>(
  upstream: Upstream,
) {
  stopping.push(upstream.close);
  const records = await testRecordStore({ organization: 'north' });
  await apply(records, shippedShortOrder);
  const app = testConsoleApp({ records, upstreamUrl: upstream.url });
  const create = async (body: unknown): Promise<Response> =>
    app.request('/api/warehouse/v1/receives', {
      method: 'POST',
      // A page of the console's own origin, as the browser says.
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify(body),
    });
  return { records, upstream, create };
}

/** A return of SO-1001 as the return form sends it: `lines` of [productCode, quantity]. */
const returnRequest = (reference: string, lines: [string, number][], originalOrder = 'SO-1001') => ({
  warehouseCode: 'LAW',
  primaryReference: reference,
  subtype: 'RET',
  receiveLines: lines.map(([productCode, quantity], index) => ({
    externalLineReference: `R${index + 1}`,
    productCode,
    quantity,
    quantityUnit: 'UNT',
  })),
  additionalReferences: [{ key: 'originalOrder', value: originalOrder }],
});

describe('creating a return through the console', () => {
  it('refuses more than shipped less what other returns announce, with the numbers, and creates nothing', async () => {
    const { records, upstream, create } = await consoleWithOrder(await startEchoUpstream());
    await apply(
      records,
      buildReturn({ reference: 'RMA-1', originalOrder: 'SO-1001', announced: { 'LAMP-01': 1 } }),
    );
    await apply(
      records,
      buildReturn({ reference: 'RMA-2', originalOrder: 'so-1001', announced: { 'LAMP-01': 1 } }),
    );
    const response = await create(
      returnRequest('RMA-3', [
        ['TENT-2P', 1],
        ['LAMP-01', 2],
      ]),
    );
    expect(response.status).toBe(400);
    const { errors } = envelopeSchema(z.object({})).parse(await response.json());
    expect(errors).toEqual([
      expect.objectContaining({
        status: '400',
        code: 'validation_failed',
        detail:
          'SO-1001 shipped 3 × LAMP-01; returns RMA-1 and RMA-2 already announce 2 back; at most 1 more',
        source: { pointer: '/receiveLines/1/quantity' },
      }),
    ]);
    expect(upstream.received).toEqual([]);
  });

  it('counts every line of a product, in either spelling of the members, and a product never shipped', async () => {
    const { upstream, create } = await consoleWithOrder(await startEchoUpstream());
    const split = returnRequest('RMA-3', [
      ['LAMP-01', 2],
      ['LAMP-01', 2],
      ['KAYAK', 1],
    ]);
    const pascal = {
      PrimaryReference: split.primaryReference,
      WarehouseCode: 'LAW',
      Subtype: 'RET',
      ReceiveLines: split.receiveLines.map((line) => ({
        ProductCode: line.productCode,
        Quantity: line.quantity,
      })),
      AdditionalReferences: [{ Key: 'originalOrder', Value: 'SO-1001' }],
    };
    for (const body of [split, pascal]) {
      const response = await create(body);
      expect(response.status).toBe(400);
      const { errors } = (await response.json()) as {
        errors: { detail: string; source: { pointer: string } }[];
      };
      expect(errors.map((error) => [error.source.pointer, error.detail])).toEqual([
        ['/receiveLines/1/quantity', 'SO-1001 shipped 3 × LAMP-01; at most 3'],
        ['/receiveLines/2/quantity', 'SO-1001 shipped 0 × KAYAK; at most 0'],
      ]);
    }
    expect(upstream.received).toEqual([]);
  });

  it('passes on a return that fits, a receive, and a return of an order neither the index nor the operator knows', async () => {
    const { records, upstream, create } = await consoleWithOrder(await startEchoUpstream());
    // Finalized with 1 of 2 back: the other unit may come back in another return.
    await apply(
      records,
      buildReturn({
        reference: 'RMA-1',
        originalOrder: 'SO-1001',
        status: 'FIN',
        announced: { 'LAMP-01': 2 },
        received: { 'LAMP-01': 1 },
      }),
    );
    const { subtype: _, ...receive } = returnRequest('PO-1', [['LAMP-01', 9]]);
    for (const body of [
      returnRequest('RMA-2', [['LAMP-01', 2]]),
      receive,
      returnRequest('RMA-3', [['LAMP-01', 9]], 'SO-UNKNOWN'),
    ]) {
      expect((await create(body)).status).toBe(200);
    }
    expect(upstream.received.map((request) => `${request.method} ${request.url}`)).toEqual([
      'POST /warehouse/v1/receives',
      'POST /warehouse/v1/receives',
      // Not in the index: asked of the operator first, which does not know it either.
      'GET /warehouse/v1/orders?PrimaryReference=SO-UNKNOWN',
      'POST /warehouse/v1/receives',
    ]);
  });

  it('reads an order the index does not hold yet from the operator, and checks the return against it', async () => {
    const warehouse = await startCreatingUpstream(0, [shippedShortOrder]);
    stopping.push(warehouse.close);
    const records = await testRecordStore({ organization: 'north' });
    const app = testConsoleApp({ records, upstreamUrl: warehouse.url });
    const response = await app.request('/api/warehouse/v1/receives', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify(returnRequest('RMA-9', [['LAMP-01', 4]])),
    });
    expect(response.status).toBe(400);
    expect((await response.json()).errors[0].detail).toBe('SO-1001 shipped 3 × LAMP-01; at most 3');
    expect(warehouse.lookups).toEqual(['SO-1001']);
    expect(warehouse.received).toEqual([]);
    expect((await records.find('order', 'SO-1001'))?.source).toBe('lookup');
  });

  it('checks a second return of the same order sent at once against the first, once the first is made', async () => {
    const warehouse = await startCreatingUpstream(50);
    const { records, create } = await consoleWithOrder(warehouse);
    const statuses = await Promise.all([
      create(returnRequest('RMA-A', [['LAMP-01', 2]])).then((response) => response.status),
      create(returnRequest('RMA-B', [['LAMP-01', 2]])).then((response) => response.status),
      // Another order's return waits for neither.
      create(returnRequest('RMA-C', [['LAMP-01', 1]], 'SO-OTHER')).then((response) => response.status),
    ]);
    expect(statuses).toEqual([200, 400, 200]);
    expect([...warehouse.received].sort()).toEqual(['RMA-A', 'RMA-C']);
    expect((await records.returnsOfOrder('SO-1001', 10)).map((record) => record.reference)).toEqual([
      'RMA-A',
    ]);
  });
});
