import { demoReferences } from '#sandbox/warehouse/demo-references';
import { expect, test } from './support/fixtures';
import { uniqueSuffix } from './support/records';

/** The sandbox's warehouse as the console reaches it: operator actions under /api/sandbox/v1. */

test('every demo reference is there, read through the console', async ({ request }) => {
  const lookups = [
    ...Object.values(demoReferences.orders).map((reference) => ['orders', reference] as const),
    ...Object.values(demoReferences.receives).map((reference) => ['receives', reference] as const),
    ...Object.values(demoReferences.returns).map((reference) => ['receives', reference] as const),
  ];
  for (const [kind, reference] of lookups) {
    const response = await request.get(`/api/warehouse/v1/${kind}`, {
      params: { PrimaryReference: reference },
    });
    expect(response.status(), reference).toBe(200);
    expect((await response.json()).data[kind], reference).toHaveLength(1);
  }
});

test('the warehouse picks and ships an order placed through the console, then refuses to ship it again', async ({
  request,
  records,
}) => {
  const reference = `E2E-WH-${uniqueSuffix()}`;
  await records.order(reference, { quantity: 3 });

  expect((await request.post(`/api/sandbox/v1/orders/${reference}/pick`)).status()).toBe(200);
  const shipped = await request.post(`/api/sandbox/v1/orders/${reference}/ship`, {
    data: { shipmentLines: [{ lineNumber: '1', quantity: 2 }], packages: [{ packageReference: 'E2E-BOX' }] },
  });
  expect(shipped.status()).toBe(200);
  const order = (await shipped.json()).data;
  expect(order.status).toBe('FIN');
  expect(order.shipments[0].shipmentLines[0].quantity).toBe(2);
  expect(order.shipments[0].packages[0].packageReference).toBe('E2E-BOX');
  expect(order.shipments[0].trackingDetail).toMatchObject({ carrierCode: 'UPS', carrierName: 'UPS Ground' });
  expect(order.shipments[0].trackingDetail.trackingNumber).toMatch(/^1Z/);

  const again = await request.post(`/api/sandbox/v1/orders/${reference}/ship`);
  expect(again.status()).toBe(409);
  const refusal = await again.json();
  expect(refusal.data).toEqual({});
  expect(refusal.errors[0]).toMatchObject({ status: '409', code: 'conflict' });
  expect(refusal.errors[0].detail).toMatch(/shipped is final/);
});
