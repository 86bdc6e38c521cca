import { describe, expect, it } from 'vitest';
import { routeSandboxPerTest, serial } from '../testing/route-sandbox';
import { databaseDigest, expectErrors, expectSuccess } from '../testing/test-harness';

const setup = routeSandboxPerTest();
const { createProduct } = setup;

describe('PATCH /warehouse/v1/products/{id}', () => {
  it('changes only the fields sent and answers the complete product', async () => {
    const created = await createProduct('PATCH-1', {
      dimHeight: 5,
      customFields: [{ key: 'k', value: 'v' }],
    });
    const updated = expectSuccess(
      await setup.sandbox.call('PATCH', `/warehouse/v1/products/${created.id}`, {
        body: { ProductDescription: 'Renamed', unitPrice: '3', productCode: 'PATCH-1' },
      }),
    );
    expect(updated).toEqual({
      ...created,
      productDescription: 'Renamed',
      unitPrice: '3.00',
      dateLastUpdated: expect.any(String),
    });
    expect(expectSuccess(await setup.sandbox.call('GET', `/warehouse/v1/products/${created.id}`))).toEqual(
      updated,
    );
  });

  it('refuses productAttributes, customFields and a changed productCode, each on its member, and changes nothing', async () => {
    const created = await createProduct('PATCH-2');
    const before = databaseDigest(setup.sandbox.store);
    expectErrors(
      await setup.sandbox.call('PATCH', `/warehouse/v1/products/${created.id}`, {
        body: { productAttributes: [], customFields: [], productCode: 'OTHER', productDescription: 'ok' },
      }),
      400,
      [
        { code: 'validation_failed', pointer: '/productAttributes' },
        { code: 'validation_failed', pointer: '/customFields' },
        { code: 'validation_failed', pointer: '/productCode' },
      ],
    );
    expect(databaseDigest(setup.sandbox.store)).toBe(before);
  });

  it('checks a change of pickMode to ANE against the stored attributes', async () => {
    const plain = await createProduct('PATCH-3');
    expectErrors(
      await setup.sandbox.call('PATCH', `/warehouse/v1/products/${plain.id}`, { body: { pickMode: 'ANE' } }),
      400,
      [{ code: 'validation_failed', pointer: '/pickMode' }],
    );
    // The stored attributes are not in the request, so only the pick mode is pointed at.
    const unconfirmed = await createProduct('PATCH-5', { productAttributes: [{ key: 'SN' }] });
    expectErrors(
      await setup.sandbox.call('PATCH', `/warehouse/v1/products/${unconfirmed.id}`, {
        body: { pickMode: 'ANE' },
      }),
      400,
      [{ code: 'validation_failed', pointer: '/pickMode' }],
    );
    const serialized = await createProduct('PATCH-4', { productAttributes: [serial] });
    const updated = expectSuccess(
      await setup.sandbox.call('PATCH', `/warehouse/v1/products/${serialized.id}`, {
        body: { pickMode: 'ANE' },
      }),
    );
    expect(updated.pickMode).toBe('ANE');
  });

  it('refuses ill-typed fields and answers 404 for an unknown id', async () => {
    const created = await createProduct('PATCH-5');
    expectErrors(
      await setup.sandbox.call('PATCH', `/warehouse/v1/products/${created.id}`, {
        body: { productDescription: '', dimWidth: 'x' },
      }),
      400,
      [
        { code: 'validation_failed', pointer: '/productDescription' },
        { code: 'validation_failed', pointer: '/dimWidth' },
      ],
    );
    expectErrors(
      await setup.sandbox.call('PATCH', '/warehouse/v1/products/unknown', {
        body: { productDescription: 'x' },
      }),
      404,
      [{ code: 'not_found', pointer: '/' }],
    );
  });
});
