import { beforeEach, describe, expect, it } from 'vitest';
import { limits } from '../contract/limits';
import { listing } from '../contract/query-parameters';
import { DEFAULT_ORGANIZATION } from './config';
import { MAX_DOCUMENT_BYTES } from './document-repository';
import { MAX_BODY_BYTES, MAX_BODY_VALUES } from './request-body';
import { createTestSandbox, expectErrors, expectSuccess, type TestSandbox } from './testing/test-harness';

const { maxLength, maxItems } = limits;

/** Text of exactly `length` characters, starting with `start`. */
const text = (start: string, length: number) => start.padEnd(length, 'x');

/** An attribute key of the packet as long as a code may be. */
const LONG_KEY = text('K', maxLength.code);
const PRODUCT = text('P', maxLength.productCode);

/** Part attributes a line can carry while the whole order stays within the body's count of values. */
const ATTRIBUTES_PER_LINE = 4;

/** An order with every text at its limit and every list as long as the limits and the body's bounds allow. */
function biggestOrder(tag: string) {
  const reference = (start: string) => text(`${start}-${tag}-`, maxLength.reference);
  return {
    warehouseCode: 'LAW',
    primaryReference: reference('SO'),
    secondaryReference: reference('SEC'),
    shipToAddress: {
      address: {
        organization: text('Org', maxLength.name),
        addressLine1: text('1 Main St', maxLength.name),
        addressLine2: text('Suite', maxLength.name),
        city: text('City', maxLength.name),
        state: text('State', maxLength.name),
        postalCode: text('9', maxLength.postalCode),
        country: 'USA',
      },
      contact: {
        personName: text('Ada', maxLength.name),
        phoneNumber: text('+1', maxLength.phone),
        mobileNumber: text('+1', maxLength.phone),
        faxNumber: text('+1', maxLength.phone),
        emailAddress: `${'a'.repeat(maxLength.email - '@example.com'.length)}@example.com`,
      },
    },
    requiredShipDate: '2026-12-01',
    orderLines: Array.from({ length: maxItems.lines }, (_, index) => ({
      externalLineReference: reference(`L${index}`),
      productCode: PRODUCT,
      quantity: index + 1,
      quantityUnit: text('U', maxLength.code),
      linePrice: 12.5,
      partAttributes: Array.from({ length: ATTRIBUTES_PER_LINE }, (_, attribute) => ({
        key: LONG_KEY,
        value: reference(`V${index}.${attribute}`),
      })),
    })),
    additionalReferences: Array.from({ length: maxItems.additionalReferences }, (_, index) => ({
      key: reference(`K${index}`),
      value: reference(`V${index}`),
    })),
    note: text('Note', maxLength.note),
    transportDetail: { carrierCode: text('C', maxLength.code), serviceLevelCode: text('S', maxLength.code) },
    forwardingData: { incoTerm: 'DDP' },
    jobCosting: { branch: text('B', maxLength.name) },
    tags: Array.from({ length: maxItems.tags }, (_, index) => text(`tag${index}`, maxLength.tag)),
    additionalNotes: Array.from({ length: maxItems.additionalNotes }, (_, index) =>
      text(`note${index}`, maxLength.note),
    ),
  };
}

/** How many JSON values a body holds: what request-body counts. */
function countValues(value: unknown): number {
  if (value === null || typeof value !== 'object') return 1;
  return (
    1 + (Object.values(value) as unknown[]).reduce((sum: number, member) => sum + countValues(member), 0)
  );
}

let sandbox: TestSandbox;

beforeEach(async () => {
  sandbox = createTestSandbox({ config: { attributeKeys: ['SN', 'LOT', 'EXP', LONG_KEY] } });
  expectSuccess(
    await sandbox.call('POST', '/warehouse/v1/products', {
      body: {
        productCode: PRODUCT,
        productDescription: text('D', maxLength.description),
        productUnit: 'UNT',
      },
    }),
  );
});

const ordersQuery = (query: string) => `/warehouse/v1/orders?${query}`;

describe('the largest documents the limits allow', () => {
  it('an order is created, found by its reference, opened by the operator actions and listed', async () => {
    const order = biggestOrder('1');
    const body = JSON.stringify(order);
    expect(body.length).toBeLessThanOrEqual(MAX_BODY_BYTES);
    expect(countValues(order)).toBeLessThanOrEqual(MAX_BODY_VALUES);
    // One more part attribute a line would pass the body's count of values.
    expect(countValues(order) + maxItems.lines * 3).toBeGreaterThan(MAX_BODY_VALUES);

    const created = expectSuccess(await sandbox.call('POST', '/warehouse/v1/orders', { rawBody: body }));
    expect(created.orderLines).toHaveLength(maxItems.lines);
    const reference = encodeURIComponent(order.primaryReference);
    const found = expectSuccess(await sandbox.call('GET', ordersQuery(`PrimaryReference=${reference}`)));
    expect(found.orders).toEqual([created]);
    expectSuccess(await sandbox.call('POST', `/sandbox/v1/orders/${reference}/pick`));
    const listed = expectSuccess(await sandbox.call('GET', ordersQuery('limit=200')));
    expect(listed.orders.map((item: { id: string }) => item.id)).toEqual([created.id]);
  });

  it('a receive is created with its longest reference and found by it', async () => {
    const primaryReference = text('PO-', maxLength.reference);
    const created = expectSuccess(
      await sandbox.call('POST', '/warehouse/v1/receives', {
        body: {
          warehouseCode: 'NJE',
          primaryReference,
          transportReference: text('PRO', maxLength.reference),
          receiveLines: Array.from({ length: maxItems.lines }, (_, index) => ({
            externalLineReference: text(`L${index}`, maxLength.reference),
            productCode: PRODUCT,
            quantity: 1,
          })),
        },
      }),
    );
    const found = expectSuccess(
      await sandbox.call('GET', `/warehouse/v1/receives?PrimaryReference=${primaryReference}`),
    );
    expect(found.receives).toEqual([created]);
  });
});

describe('list pages', () => {
  it('stop before their JSON passes the byte budget, and nextCursor leads on to the rest', async () => {
    const created: string[] = [];
    let storedBytes = 0;
    while (storedBytes < listing.pageBytes * 1.5) {
      const order = biggestOrder(String(created.length));
      const { id } = expectSuccess(await sandbox.call('POST', '/warehouse/v1/orders', { body: order }));
      created.push(id);
      storedBytes += sandbox.store.orders.getRaw(DEFAULT_ORGANIZATION, id)?.length ?? 0;
    }
    const first = await sandbox.call('GET', ordersQuery('limit=200'));
    const page = expectSuccess(first);
    expect(page.orders.length).toBeGreaterThan(1);
    expect(page.orders.length).toBeLessThan(created.length);
    expect(Buffer.byteLength(JSON.stringify(page.orders))).toBeLessThanOrEqual(listing.pageBytes);
    expect(page.nextCursor).toEqual(expect.any(String));

    const rest = expectSuccess(
      await sandbox.call('GET', ordersQuery(`limit=200&cursor=${encodeURIComponent(page.nextCursor)}`)),
    );
    expect(rest.nextCursor).toBeNull();
    const listed = [...page.orders, ...rest.orders].map((order: { id: string }) => order.id);
    expect(listed.sort()).toEqual([...created].sort());
  });
});

describe('stored documents', () => {
  it('stop growing at their bound: an operator action that would pass it is a 409 and changes nothing', async () => {
    const receive = expectSuccess(
      await sandbox.call('POST', '/warehouse/v1/receives', {
        body: {
          warehouseCode: 'NJE',
          primaryReference: 'PO-GROWING',
          receiveLines: [
            { productCode: PRODUCT, quantity: 1 },
            { productCode: PRODUCT, quantity: 1 },
          ],
        },
      }),
    );
    // Each arrival records 1,600 serial numbers: about 270 KB more for the receive to hold.
    const arrival = (round: number) => ({
      receiveLines: ['1', '2'].map((lineNumber) => ({
        lineNumber,
        quantity: 800,
        sublines: Array.from({ length: 800 }, (_, index) => ({
          quantity: 1,
          partAttributes: [
            { key: 'SN', value: text(`SN-${round}-${lineNumber}-${index}-`, maxLength.reference) },
          ],
        })),
      })),
    });
    const path = `/sandbox/v1/receives/${receive.id}/receive`;
    let answer = await sandbox.call('POST', path, { body: arrival(0) });
    let rounds = 0;
    while (answer.status === 200) {
      rounds += 1;
      answer = await sandbox.call('POST', path, { body: arrival(rounds) });
    }
    expectErrors(answer, 409, [{ code: 'conflict', pointer: '/' }]);
    expect(answer.json.errors[0].detail).toContain('would grow past 4 MiB');
    expect(rounds).toBeGreaterThan(MAX_DOCUMENT_BYTES / 300_000);
    const stored = sandbox.store.receives.getRaw(DEFAULT_ORGANIZATION, receive.id) ?? '';
    expect(Buffer.byteLength(stored)).toBeLessThanOrEqual(MAX_DOCUMENT_BYTES);
    const [shipment] = JSON.parse(stored).shipments;
    expect(shipment.totalQuantity).toBe(rounds * 1600);
  });
});
