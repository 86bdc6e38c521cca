import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures';

/** A suffix that keeps references and product codes unique within one server's in-memory database. */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`.toUpperCase();
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
