import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures';

/** A suffix that keeps references and product codes unique within one server's in-memory database. */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`.toUpperCase();
}

/** An entered, rate-shopped order of one line of the newest product, placed through the console. */
export async function createOrder(request: APIRequestContext, reference: string, quantity = 1) {
  const products = await request.get('/api/warehouse/v1/products', { params: { limit: 1 } });
  const [product] = (await products.json()).data.products as { productCode: string }[];
  const response = await request.post('/api/warehouse/v1/orders', {
    data: {
      warehouseCode: 'LAW',
      primaryReference: reference,
      shipToAddress: {
        address: {
          addressLine1: '1 Main St',
          city: 'Austin',
          state: 'TX',
          postalCode: '78701',
          country: 'US',
        },
      },
      orderLines: [{ productCode: product?.productCode, quantity }],
      rateGroup: 'STANDARD',
      transportDetail: null,
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

export async function createProduct(request: APIRequestContext, productCode: string) {
  const response = await request.post('/api/warehouse/v1/products', {
    data: { productCode, productDescription: `Receives test ${productCode}`, productUnit: 'UNT' },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

type ReceiveBody = {
  primaryReference: string;
  receiveLines: { productCode: string; quantity: number }[];
  subtype?: 'RET';
  eta?: string;
  secondaryReference?: string;
};

export async function createReceive(request: APIRequestContext, body: ReceiveBody) {
  const response = await request.post('/api/warehouse/v1/receives', {
    data: { warehouseCode: 'LAW', ...body },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()).data as { id: string; shipments: { id: string }[] };
}

/** The warehouse's side, through the sandbox's operator actions on the receive's only open shipment. */
export async function receiveGoods(
  request: APIRequestContext,
  reference: string,
  receiveLines?: { lineNumber: string; quantity: number }[],
) {
  const response = await request.post(`/api/sandbox/v1/receives/${encodeURIComponent(reference)}/receive`, {
    data: receiveLines ? { receiveLines } : {},
  });
  expect(response.ok(), await response.text()).toBe(true);
}

export async function finalizeReceive(request: APIRequestContext, reference: string) {
  const response = await request.post(`/api/sandbox/v1/receives/${encodeURIComponent(reference)}/finalize`, {
    data: {},
  });
  expect(response.ok(), await response.text()).toBe(true);
}
