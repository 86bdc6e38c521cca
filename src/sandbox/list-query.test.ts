import { beforeEach, describe, expect, it } from 'vitest';
import { orderBody, productBody, receiveBody } from './testing/request-bodies';
import { createTestSandbox, expectErrors, expectSuccess, type TestSandbox } from './testing/test-harness';

let clock = Date.parse('2026-11-01T00:00:00Z');
let sandbox: TestSandbox;

beforeEach(async () => {
  clock = Date.parse('2026-11-01T00:00:00Z');
  // Each create one minute after the previous, so the time range and the order are predictable.
  sandbox = createTestSandbox({
    now: () => {
      clock += 60_000;
      return new Date(clock);
    },
  });
  expectSuccess(await sandbox.call('POST', '/warehouse/v1/products', { body: productBody('L1') }));
});

async function createOrders(count: number) {
  const references: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const reference = `SO-${String(index).padStart(3, '0')}`;
    expectSuccess(await sandbox.call('POST', '/warehouse/v1/orders', { body: orderBody(reference, 'L1') }));
    references.push(reference);
  }
  return references;
}

const referencesOf = (data: { orders: { primaryReference: string }[] }) =>
  data.orders.map((order) => order.primaryReference);

describe('lists', () => {
  it('lists newest dateLastUpdated first and pages with limit and nextCursor to the end', async () => {
    const references = await createOrders(7);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `limit=3&cursor=${encodeURIComponent(cursor)}` : 'limit=3';
      const data = expectSuccess(await sandbox.call('GET', `/warehouse/v1/orders?${query}`));
      expect(data.orders.length).toBeLessThanOrEqual(3);
      seen.push(...referencesOf(data));
      cursor = data.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([...references].reverse());
  });

  it('pages through changes of one whole second by id, none lost or repeated', async () => {
    // Timestamps have whole seconds: creates 100 ms apart share their dateLastUpdated.
    sandbox = createTestSandbox({
      now: () => {
        clock += 100;
        return new Date(clock);
      },
    });
    expectSuccess(await sandbox.call('POST', '/warehouse/v1/products', { body: productBody('L1') }));
    const references = await createOrders(7);
    const seen: { primaryReference: string; id: string; dateLastUpdated: string }[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `limit=2&cursor=${encodeURIComponent(cursor)}` : 'limit=2';
      const data = expectSuccess(await sandbox.call('GET', `/warehouse/v1/orders?${query}`));
      seen.push(...data.orders);
      cursor = data.nextCursor;
    } while (cursor);
    expect(new Set(seen.map((order) => order.dateLastUpdated)).size).toBeLessThan(seen.length);
    expect(seen.map((order) => order.primaryReference).sort()).toEqual(references);
    const newestFirst = [...seen].sort(
      (a, b) => b.dateLastUpdated.localeCompare(a.dateLastUpdated) || b.id.localeCompare(a.id),
    );
    expect(seen).toEqual(newestFirst);
  });

  it('defaults to 50 a page', async () => {
    await createOrders(52);
    const data = expectSuccess(await sandbox.call('GET', '/warehouse/v1/orders'));
    expect(data.orders).toHaveLength(50);
    expect(typeof data.nextCursor).toBe('string');
  });

  it('filters by the dateLastUpdated range, inclusive, with parameter names in any case', async () => {
    await createOrders(5);
    // Product at minute 1, orders at minutes 2..6.
    const data = expectSuccess(
      await sandbox.call(
        'GET',
        '/warehouse/v1/orders?DateLastUpdatedFrom=2026-11-01T00:03:00Z&dateLastUpdatedTO=2026-11-01T00:05:00%2B00:00',
      ),
    );
    expect(referencesOf(data)).toEqual(['SO-003', 'SO-002', 'SO-001']);
    // No offset reads as UTC; an unencoded "+" (arriving as a space) still reads as an offset.
    const unencoded = expectSuccess(
      await sandbox.call(
        'GET',
        '/warehouse/v1/orders?dateLastUpdatedFrom=2026-11-01T00:03:00&dateLastUpdatedTo=2026-11-01T01:05:00+01:00',
      ),
    );
    expect(referencesOf(unencoded)).toEqual(['SO-003', 'SO-002', 'SO-001']);
    const products = expectSuccess(
      await sandbox.call('GET', '/warehouse/v1/products?dateLastUpdatedTo=2026-11-01T00:01:00Z'),
    );
    expect(products.products.map((product: { productCode: string }) => product.productCode)).toEqual(['L1']);
  });

  it('filters orders and receives by status, and receives by subtype', async () => {
    await createOrders(2);
    expect(expectSuccess(await sandbox.call('GET', '/warehouse/v1/orders?status=PRS')).orders).toHaveLength(
      2,
    );
    expect(expectSuccess(await sandbox.call('GET', '/warehouse/v1/orders?status=FIN')).orders).toHaveLength(
      0,
    );
    expectSuccess(await sandbox.call('POST', '/warehouse/v1/receives', { body: receiveBody('PO-1', 'L1') }));
    expectSuccess(
      await sandbox.call('POST', '/warehouse/v1/receives', {
        body: receiveBody('RMA-1', 'L1', { subtype: 'RET' }),
      }),
    );
    const refs = (data: { receives: { primaryReference: string }[] }) =>
      data.receives.map((receive) => receive.primaryReference);
    expect(refs(expectSuccess(await sandbox.call('GET', '/warehouse/v1/receives?subtype=RET')))).toEqual([
      'RMA-1',
    ]);
    expect(refs(expectSuccess(await sandbox.call('GET', '/warehouse/v1/receives?subtype=none')))).toEqual([
      'PO-1',
    ]);
    expect(refs(expectSuccess(await sandbox.call('GET', '/warehouse/v1/receives?status=PRS')))).toEqual([
      'RMA-1',
      'PO-1',
    ]);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=201', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=1.5', 'limit'],
    ['cursor=not-a-cursor!', 'cursor'],
    [`cursor=${'A'.repeat(401)}`, 'cursor'],
    [`cursor=${Buffer.from('["x",1]').toString('base64url')}`, 'cursor'],
    ['dateLastUpdatedFrom=yesterday', 'dateLastUpdatedFrom'],
    ['dateLastUpdatedTo=2026-13-45', 'dateLastUpdatedTo'],
    // Not rolled over to March 2: refused, as the contract refuses it in a body.
    ['dateLastUpdatedFrom=2023-02-30', 'dateLastUpdatedFrom'],
    ['dateLastUpdatedTo=2023-02-29T10:00:00Z', 'dateLastUpdatedTo'],
    ['dateLastUpdatedFrom=2026-11-01T24:00:00Z', 'dateLastUpdatedFrom'],
    [`PrimaryReference=${'R'.repeat(101)}`, 'PrimaryReference'],
    ['status=DONE', 'status'],
  ])('answers 400 for %s, naming the parameter', async (query, parameter) => {
    const answer = await sandbox.call('GET', `/warehouse/v1/orders?${query}`);
    expectErrors(answer, 400, [{ code: 'validation_failed', pointer: `/${parameter}` }]);
    expect(answer.json.errors[0].source.parameter).toBe(parameter);
  });

  it('bounds the lookups by the longest reference or product code that can exist', async () => {
    expect(
      expectSuccess(await sandbox.call('GET', `/warehouse/v1/orders?PrimaryReference=${'R'.repeat(100)}`))
        .orders,
    ).toEqual([]);
    expectErrors(
      await sandbox.call('GET', `/warehouse/v1/receives?primaryreference=${'R'.repeat(101)}`),
      400,
      [{ code: 'validation_failed', pointer: '/PrimaryReference' }],
    );
    const answer = await sandbox.call('GET', `/warehouse/v1/products?productcode=${'P'.repeat(36)}`);
    expectErrors(answer, 400, [{ code: 'validation_failed', pointer: '/productcode' }]);
    expect(answer.json.errors[0].detail).toBe('productcode has at most 35 characters');
  });

  it('reports every bad parameter at once, and a bad subtype on receives', async () => {
    expectErrors(
      await sandbox.call('GET', '/warehouse/v1/products?limit=-1&cursor=%25&dateLastUpdatedFrom=x'),
      400,
      [
        { code: 'validation_failed', pointer: '/limit' },
        { code: 'validation_failed', pointer: '/cursor' },
        { code: 'validation_failed', pointer: '/dateLastUpdatedFrom' },
      ],
    );
    expectErrors(await sandbox.call('GET', '/warehouse/v1/receives?subtype=XFER'), 400, [
      { code: 'validation_failed', pointer: '/subtype' },
    ]);
  });
});
