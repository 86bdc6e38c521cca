import { describe, expect, it } from 'vitest';
import { orderBody, productBody, receiveBody } from './testing/request-bodies';
import { createTestSandbox, expectErrors, expectSuccess, orgHeaders } from './testing/test-harness';

describe('organization isolation', () => {
  it('keeps what one organization created invisible to the others: 404 by id, empty lists, and free references', async () => {
    const sandbox = createTestSandbox();
    const north = orgHeaders('north');
    const south = orgHeaders('south');
    const product = expectSuccess(
      await sandbox.call('POST', '/warehouse/v1/products', { body: productBody('ISO-1'), headers: north }),
    );
    const order = expectSuccess(
      await sandbox.call('POST', '/warehouse/v1/orders', {
        body: orderBody('SO-ISO', 'ISO-1'),
        headers: north,
      }),
    );
    expectSuccess(
      await sandbox.call('POST', '/warehouse/v1/receives', {
        body: receiveBody('PO-ISO', 'ISO-1'),
        headers: north,
      }),
    );

    for (const headers of [south, {}]) {
      expectErrors(await sandbox.call('GET', `/warehouse/v1/products/${product.id}`, { headers }), 404, [
        { code: 'not_found', pointer: '/' },
      ]);
      expectErrors(
        await sandbox.call('GET', '/warehouse/v1/products/actions/get-id/ISO-1', { headers }),
        404,
        [{ code: 'not_found', pointer: '/' }],
      );
      expectErrors(
        await sandbox.call('PATCH', `/warehouse/v1/products/${product.id}`, {
          body: { productDescription: 'x' },
          headers,
        }),
        404,
        [{ code: 'not_found', pointer: '/' }],
      );
      expectErrors(
        await sandbox.call('PATCH', `/warehouse/v1/order/${order.id}`, {
          body: orderBody('SO-ISO', 'ISO-1'),
          headers,
        }),
        404,
        [{ code: 'not_found', pointer: '/' }],
      );
      expect(
        expectSuccess(await sandbox.call('GET', '/warehouse/v1/products', { headers })).products,
      ).toEqual([]);
      expect(
        expectSuccess(await sandbox.call('GET', '/warehouse/v1/orders?PrimaryReference=SO-ISO', { headers }))
          .orders,
      ).toEqual([]);
      expect(expectSuccess(await sandbox.call('GET', '/warehouse/v1/orders', { headers })).orders).toEqual(
        [],
      );
      expect(
        expectSuccess(await sandbox.call('GET', '/warehouse/v1/receives', { headers })).receives,
      ).toEqual([]);
      // The other organization's product does not exist here, so a line naming it is refused.
      expectErrors(
        await sandbox.call('POST', '/warehouse/v1/orders', { body: orderBody('SO-ISO', 'ISO-1'), headers }),
        400,
        [{ code: 'validation_failed', pointer: '/orderLines/0/productCode' }],
      );
    }
    // Codes and references are unique per organization, not across them.
    expectSuccess(
      await sandbox.call('POST', '/warehouse/v1/products', { body: productBody('ISO-1'), headers: south }),
    );
    expectSuccess(
      await sandbox.call('POST', '/warehouse/v1/orders', {
        body: orderBody('SO-ISO', 'ISO-1'),
        headers: south,
      }),
    );
    expect(
      expectSuccess(await sandbox.call('GET', '/warehouse/v1/orders', { headers: north })).orders,
    ).toEqual([order]);
  });
});
