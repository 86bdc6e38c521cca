import { beforeEach } from 'vitest';
import type { Order } from '../../contract/order';
import { orderBody, productBody } from './request-bodies';
import { createTestSandbox, expectSuccess, type TestSandbox } from './test-harness';

/** A part attribute that captures a serial number at RF confirmation. */
export const serial = { key: 'SN', requiredForWarehouseRelease: false, requiredForRfConfirmation: true };

/**
 * A fresh sandbox for each test of the interface's routes, holding the products named, with helpers that
 * create a product, or an order of the first product named, and answer it.
 */
export function routeSandboxPerTest(productCodes: string[] = []) {
  let sandbox: TestSandbox;
  beforeEach(async () => {
    sandbox = createTestSandbox();
    for (const code of productCodes) {
      expectSuccess(await sandbox.call('POST', '/warehouse/v1/products', { body: productBody(code) }));
    }
  });

  async function createProduct(code: string, extra: Record<string, unknown> = {}) {
    return expectSuccess(
      await sandbox.call('POST', '/warehouse/v1/products', { body: productBody(code, extra) }),
    );
  }

  async function createOrder(reference: string, extra: Record<string, unknown> = {}): Promise<Order> {
    return expectSuccess(
      await sandbox.call('POST', '/warehouse/v1/orders', {
        body: orderBody(reference, productCodes[0] ?? '', extra),
      }),
    );
  }

  return {
    get sandbox() {
      return sandbox;
    },
    createProduct,
    createOrder,
  };
}
