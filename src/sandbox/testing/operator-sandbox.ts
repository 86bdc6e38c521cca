import { beforeEach, expect } from 'vitest';
import { orderBody, productBody, receiveBody } from './request-bodies';
import {
  type Answer,
  createTestSandbox,
  expectErrors,
  expectSuccess,
  type TestSandbox,
} from './test-harness';

/**
 * The sandbox each test of the operator routes starts from: a clock that moves a minute a request, two
 * products (TEE plain, CAM serialized), and helpers that create an order or a receive and act on it.
 */
export function operatorSandboxPerTest() {
  let clock = new Date('2026-11-20T08:00:00Z');
  const tick = () => {
    clock = new Date(clock.getTime() + 60_000);
    return clock;
  };

  let sandbox: TestSandbox;
  const post = (path: string, body?: unknown, headers?: Record<string, string>) =>
    sandbox.call('POST', path, { body, headers });
  /** A POST with no body and no Content-Type: every action's body is optional. */
  const bare = async (path: string): Promise<Response> =>
    sandbox.app.request(path, { method: 'POST', headers: { 'x-api-key': 'sandbox-key' } });

  beforeEach(async () => {
    clock = new Date('2026-11-20T08:00:00Z');
    sandbox = createTestSandbox({ now: tick });
    expectSuccess(await post('/warehouse/v1/products', productBody('TEE')));
    expectSuccess(
      await post(
        '/warehouse/v1/products',
        productBody('CAM', {
          pickMode: 'ANE',
          productAttributes: [
            { key: 'SN', requiredForWarehouseRelease: false, requiredForRfConfirmation: true },
          ],
          weightPerProduct: 2,
          weightPerProductUnit: 'LB',
        }),
      ),
    );
  });

  async function createOrder(reference = 'SO-1', extra: Record<string, unknown> = {}) {
    return expectSuccess(
      await post(
        '/warehouse/v1/orders',
        orderBody(reference, 'TEE', {
          orderLines: [
            { productCode: 'TEE', quantity: 3 },
            { productCode: 'CAM', quantity: 2 },
          ],
          transportDetail: { carrierCode: 'FEDEX', serviceLevelCode: 'GROUND' },
          ...extra,
        }),
      ),
    );
  }

  async function createReceive(reference = 'PO-1', extra: Record<string, unknown> = {}) {
    return expectSuccess(
      await post(
        '/warehouse/v1/receives',
        receiveBody(reference, 'TEE', {
          receiveLines: [
            { productCode: 'TEE', quantity: 10 },
            { productCode: 'CAM', quantity: 2 },
          ],
          ...extra,
        }),
      ),
    );
  }

  async function orderAction(
    order: { id: string; shipments: { id: string }[] },
    action: string,
    body?: unknown,
  ) {
    return post(`/sandbox/v1/orders/${order.id}/shipments/${order.shipments[0]?.id}/${action}`, body);
  }

  return {
    get sandbox() {
      return sandbox;
    },
    post,
    bare,
    createOrder,
    createReceive,
    orderAction,
  };
}

export function conflict(answer: Answer, reason: RegExp) {
  expectErrors(answer, 409, [{ code: 'conflict', pointer: '/' }]);
  expect(answer.json.errors[0].detail).toMatch(reason);
}

export async function toAnswer(response: Response): Promise<Answer> {
  return { status: response.status, json: await response.json(), headers: response.headers };
}
