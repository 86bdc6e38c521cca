import { expect } from 'vitest';
import { errorCodes } from '../../contract/envelope';
import { orderListSchema, orderSchema } from '../../contract/order';
import { productIdLookupSchema, productListSchema, productSchema } from '../../contract/product';
import { receiveListSchema, receiveSchema } from '../../contract/receive';
import { orderBody, productBody, receiveBody } from './request-bodies';

/** The endpoints the hostile-request property sends to, with a valid body each and the answer it parses. */
export type Endpoint = {
  method: string;
  path: (id: string) => string;
  valid: (tag: string) => unknown;
  response: { parse(v: unknown): unknown };
};

export const endpoints: Endpoint[] = [
  {
    method: 'POST',
    path: () => '/warehouse/v1/products',
    valid: (tag) => productBody(`FC-${tag}`),
    response: productSchema,
  },
  {
    method: 'GET',
    path: (id) => `/warehouse/v1/products/${id}`,
    valid: () => undefined,
    response: productSchema,
  },
  {
    method: 'GET',
    path: (id) => `/warehouse/v1/products/actions/get-id/${id}`,
    valid: () => undefined,
    response: productIdLookupSchema,
  },
  {
    method: 'GET',
    path: () => '/warehouse/v1/products',
    valid: () => undefined,
    response: productListSchema,
  },
  {
    method: 'PATCH',
    path: (id) => `/warehouse/v1/products/${id}`,
    valid: () => ({ productDescription: 'changed' }),
    response: productSchema,
  },
  {
    method: 'POST',
    path: () => '/warehouse/v1/orders',
    valid: (tag) => orderBody(`FC-SO-${tag}`, 'FC-BASE'),
    response: orderSchema,
  },
  {
    method: 'PATCH',
    path: (id) => `/warehouse/v1/order/${id}`,
    valid: () => orderBody('FC-SO-BASE', 'FC-BASE'),
    response: orderSchema,
  },
  {
    method: 'PATCH',
    path: (id) => `/warehouse/v1/orders/${id}`,
    valid: () => orderBody('FC-SO-BASE', 'FC-BASE'),
    response: orderSchema,
  },
  { method: 'GET', path: () => '/warehouse/v1/orders', valid: () => undefined, response: orderListSchema },
  {
    method: 'POST',
    path: () => '/warehouse/v1/receives',
    valid: (tag) => receiveBody(`FC-PO-${tag}`, 'FC-BASE'),
    response: receiveSchema,
  },
  {
    method: 'GET',
    path: () => '/warehouse/v1/receives',
    valid: () => undefined,
    response: receiveListSchema,
  },
];

export type Sent = {
  method: string;
  path: string;
  body?: string;
  headers: Record<string, string>;
  endpoint: number;
};

/** Never a 5xx, always the envelope: a success holds the endpoint's answer, a failure its errors. */
export function checkAnswer(sent: Sent, status: number, text: string) {
  expect(status, `${sent.method} ${sent.path}`).toBeLessThan(500);
  const json = JSON.parse(text);
  expect(Object.keys(json).sort()).toEqual(['data', 'errors', 'id', 'resource']);
  expect(json.resource).toEqual([]);
  expect(typeof json.id).toBe('string');
  if (status === 200) {
    expect(json.errors).toEqual([]);
    (endpoints[sent.endpoint] as Endpoint).response.parse(json.data);
  } else {
    expect(json.data).toEqual({});
    expect(json.errors.length).toBeGreaterThan(0);
    for (const error of json.errors) {
      expect(errorCodes).toContain(error.code);
      expect(error.status).toBe(String(status));
      expect(error.source.pointer).toMatch(/^\//);
    }
  }
}

/** Creates a product, an order and a receive to aim at; returns their ids and the product's code. */
export async function seedBase(
  call: (method: string, path: string, body: unknown) => Promise<{ json: unknown }>,
) {
  const idOf = async (path: string, body: unknown) => {
    const answer = await call('POST', path, body);
    return (answer.json as { data: { id: string } }).data.id;
  };
  return [
    await idOf('/warehouse/v1/products', productBody('FC-BASE')),
    await idOf('/warehouse/v1/orders', orderBody('FC-SO-BASE', 'FC-BASE')),
    await idOf('/warehouse/v1/receives', receiveBody('FC-PO-BASE', 'FC-BASE')),
    'FC-BASE',
  ];
}
