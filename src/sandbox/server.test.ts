import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema } from '../contract/order';
import { type RunningSandbox, startSandbox } from './server';
import { orderBody, productBody, receiveBody } from './testing/request-bodies';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, dbFile: ':memory:', seed: 'none', autopilot: false });
});
afterAll(async () => {
  await sandbox.close();
});

async function send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${sandbox.url}${path}`, {
    method,
    headers: {
      'x-api-key': sandbox.config.apiKey,
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {
    status: response.status,
    json: await response.json(),
    contentType: response.headers.get('content-type'),
  };
}

describe('startSandbox on a real listening server', () => {
  it('listens on loopback at the port it reports', () => {
    expect(sandbox.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(sandbox.config.port).toBe(Number(new URL(sandbox.url).port));
  });

  it('serves every endpoint over HTTP with the envelope', async () => {
    const product = await send('POST', '/warehouse/v1/products', productBody('NET-1'));
    expect(product.status).toBe(200);
    expect(product.contentType).toContain('application/json');
    expect(product.json).toMatchObject({ id: expect.any(String), resource: [], errors: [] });
    const id = product.json.data.id;
    expect((await send('GET', `/warehouse/v1/products/${id}`)).json.data.productCode).toBe('NET-1');
    expect((await send('GET', '/warehouse/v1/products/actions/get-id/NET-1')).json.data).toEqual({
      id,
      pickMode: 'ASP',
    });
    expect((await send('GET', '/warehouse/v1/products?productcode=NET-1')).json.data.products).toHaveLength(
      1,
    );
    expect(
      (await send('PATCH', `/warehouse/v1/products/${id}`, { productDescription: 'New' })).json.data
        .productDescription,
    ).toBe('New');

    const order = await send('POST', '/warehouse/v1/orders', orderBody('SO-NET', 'NET-1'));
    expect(orderSchema.parse(order.json.data).shipments[0]?.status).toBe('ENT');
    const orderId = order.json.data.id;
    expect(
      (await send('PATCH', `/warehouse/v1/order/${orderId}`, orderBody('SO-NET', 'NET-1', { note: 'a' })))
        .json.data.note,
    ).toBe('a');
    expect(
      (await send('PATCH', `/warehouse/v1/orders/${orderId}`, orderBody('SO-NET', 'NET-1', { note: 'b' })))
        .json.data.note,
    ).toBe('b');
    expect((await send('GET', '/warehouse/v1/orders?PrimaryReference=SO-NET')).json.data.orders[0].note).toBe(
      'b',
    );

    expect((await send('POST', '/warehouse/v1/receives', receiveBody('PO-NET', 'NET-1'))).status).toBe(200);
    expect(
      (await send('GET', '/warehouse/v1/receives?primaryReference=PO-NET')).json.data.receives,
    ).toHaveLength(1);
  });

  it('answers errors over HTTP with the envelope: 401, 404, 413 (declared length) and 415', async () => {
    const unauthorized = await send('GET', '/warehouse/v1/products', undefined, { 'x-api-key': 'nope' });
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.json.errors[0]).toMatchObject({ code: 'unauthorized', source: { pointer: '/' } });
    const missing = await send('GET', '/warehouse/v1/products/unknown');
    expect(missing.status).toBe(404);
    expect(missing.json.errors[0]).toMatchObject({ code: 'not_found', source: { pointer: '/' } });

    const huge = await fetch(`${sandbox.url}/warehouse/v1/orders`, {
      method: 'POST',
      headers: { 'x-api-key': sandbox.config.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ note: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.status).toBe(413);
    expect((await huge.json()).errors[0]).toMatchObject({
      code: 'payload_too_large',
      source: { pointer: '/' },
    });

    const plain = await fetch(`${sandbox.url}/warehouse/v1/orders`, {
      method: 'POST',
      headers: { 'x-api-key': sandbox.config.apiKey, 'content-type': 'text/plain' },
      body: '{}',
    });
    expect(plain.status).toBe(415);
    expect((await plain.json()).errors[0]).toMatchObject({
      code: 'unsupported_media_type',
      source: { pointer: '/' },
    });
  });

  it('gives exactly one 200 and nineteen 409s to 20 concurrent creates of one primaryReference, and of one productCode', async () => {
    const products = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        send(
          'POST',
          '/warehouse/v1/products',
          productBody('RACE-1', { productDescription: `racer ${index}` }),
        ),
      ),
    );
    expect(products.map((answer) => answer.status).sort()).toEqual([200, ...Array(19).fill(409)]);
    for (const answer of products.filter((each) => each.status === 409)) {
      expect(answer.json).toMatchObject({
        data: {},
        errors: [{ code: 'conflict', source: { pointer: '/productCode' } }],
      });
    }
    expect((await send('GET', '/warehouse/v1/products?productcode=RACE-1')).json.data.products).toHaveLength(
      1,
    );

    const orders = await Promise.all(
      Array.from({ length: 20 }, () => send('POST', '/warehouse/v1/orders', orderBody('SO-RACE', 'RACE-1'))),
    );
    expect(orders.map((answer) => answer.status).sort()).toEqual([200, ...Array(19).fill(409)]);
    for (const answer of orders.filter((each) => each.status === 409)) {
      expect(answer.json).toMatchObject({
        data: {},
        errors: [{ code: 'conflict', source: { pointer: '/primaryReference' } }],
      });
    }
    expect(
      (await send('GET', '/warehouse/v1/orders?PrimaryReference=SO-RACE')).json.data.orders,
    ).toHaveLength(1);

    const receives = await Promise.all(
      Array.from({ length: 20 }, () =>
        send('POST', '/warehouse/v1/receives', receiveBody('PO-RACE', 'RACE-1')),
      ),
    );
    expect(receives.map((answer) => answer.status).sort()).toEqual([200, ...Array(19).fill(409)]);
  });

  it.each([
    ['a malformed request line', 'NOT HTTP AT ALL\r\n\r\n', 400],
    [
      'headers over the parser limit',
      `GET / HTTP/1.1\r\nhost: x\r\nx-big: ${'a'.repeat(20_000)}\r\n\r\n`,
      431,
    ],
  ])('answers %s, which never reaches the app, with a %i envelope', async (_case, request, status) => {
    const { port } = new URL(sandbox.url);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.write(request));
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk;
      });
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(raw).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    const body = JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4));
    expect(body).toMatchObject({
      data: {},
      resource: [],
      errors: [{ status: String(status), code: 'validation_failed', source: { pointer: '/' } }],
    });
  });

  it('closes even while a client holds a keep-alive connection', async () => {
    const other = await startSandbox({ port: 0, dbFile: ':memory:', seed: 'none', autopilot: false });
    await fetch(`${other.url}/warehouse/v1/products`, { headers: { 'x-api-key': other.config.apiKey } });
    await other.close();
    await expect(fetch(`${other.url}/warehouse/v1/products`)).rejects.toThrow();
  });
});
