import { describe, expect, it } from 'vitest';
import { productIdLookupSchema, productListSchema, productSchema } from '../../contract/product';
import { productBody } from '../testing/request-bodies';
import { routeSandboxPerTest, serial } from '../testing/route-sandbox';
import { databaseDigest, expectErrors, expectSuccess } from '../testing/test-harness';

const setup = routeSandboxPerTest();
const { createProduct } = setup;

describe('POST /warehouse/v1/products', () => {
  it('answers the full product with defaults: dims and weight 0, empty arrays, pickMode ASP', async () => {
    const product = await createProduct('SKU-1');
    expect(productSchema.parse(product)).toBeTruthy();
    expect(product).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      productCode: 'SKU-1',
      productDescription: 'Product SKU-1',
      productUnit: 'UNT',
      dimHeight: 0,
      dimWidth: 0,
      dimDepth: 0,
      weightPerProduct: 0,
      pickMode: 'ASP',
      productAttributes: [],
      customFields: [],
    });
    expect(product.dateCreated).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/);
  });

  it('keeps every optional field sent, reads PascalCase, and shows prices with 2 or 4 decimals', async () => {
    const product = expectSuccess(
      await setup.sandbox.call('POST', '/warehouse/v1/products', {
        body: {
          ProductCode: 'SKU-2',
          ProductDescription: 'Blue widget',
          ProductUnit: 'UNT',
          UnitPrice: 12.5,
          UnitPriceCurrency: 'USD',
          DimHeight: 1,
          DimWidth: 2,
          DimDepth: 3,
          DimUnit: 'IN',
          WeightPerProduct: 4,
          WeightPerProductUnit: 'OZ',
          ClientProductCode: 'C-2',
          PickMode: 'ANE',
          ProductAttributes: [{ Key: 'SN', RequiredForRfConfirmation: true }, { Key: 'LOT' }],
          CustomFields: [{ Key: 'color', Value: 'blue' }],
        },
      }),
    );
    expect(product).toMatchObject({
      productCode: 'SKU-2',
      unitPrice: '12.50',
      dimHeight: 1,
      dimUnit: 'IN',
      weightPerProduct: 4,
      weightPerProductUnit: 'OZ',
      clientProductCode: 'C-2',
      pickMode: 'ANE',
      productAttributes: [
        serial,
        { key: 'LOT', requiredForWarehouseRelease: false, requiredForRfConfirmation: false },
      ],
      customFields: [{ key: 'color', value: 'blue' }],
    });
    const fourDecimals = await createProduct('SKU-3', { unitPrice: '1.125' });
    expect(fourDecimals.unitPrice).toBe('1.1250');
  });

  it('accepts a 35-character code and refuses 36 on /productCode', async () => {
    await createProduct('X'.repeat(35));
    const before = databaseDigest(setup.sandbox.store);
    expectErrors(
      await setup.sandbox.call('POST', '/warehouse/v1/products', { body: productBody('Y'.repeat(36)) }),
      400,
      [{ code: 'validation_failed', pointer: '/productCode' }],
    );
    expect(databaseDigest(setup.sandbox.store)).toBe(before);
  });

  it('refuses a code, units and a price the contract refuses, one error each, and changes nothing', async () => {
    const before = databaseDigest(setup.sandbox.store);
    const answer = await setup.sandbox.call('POST', '/warehouse/v1/products', {
      body: productBody('ux sku é', {
        productUnit: 'pieces',
        unitPriceCurrency: 'EUR',
        dimUnit: 'cm',
        weightPerProductUnit: 'KG',
        unitPrice: '-5',
      }),
    });
    expectErrors(
      answer,
      400,
      ['productCode', 'productUnit', 'unitPriceCurrency', 'dimUnit', 'weightPerProductUnit', 'unitPrice'].map(
        (member) => ({ code: 'validation_failed', pointer: `/${member}` }),
      ),
    );
    const details = answer.json.errors.map((error: { detail: string }) => error.detail);
    expect(details).toContain('Use letters, digits, - and _ only: a space and é are not allowed');
    expect(details).toContain('A price cannot be negative');
    expect(details).toContain('Size unit: choose one of IN, M');
    expect(databaseDigest(setup.sandbox.store)).toBe(before);
  });

  it('refuses an update to a unit or a price the contract refuses', async () => {
    const product = await createProduct('SKU-UNIT');
    expectErrors(
      await setup.sandbox.call('PATCH', `/warehouse/v1/products/${product.id}`, {
        body: { weightPerProductUnit: 'KG', unitPrice: -1 },
      }),
      400,
      [
        { code: 'validation_failed', pointer: '/weightPerProductUnit' },
        { code: 'validation_failed', pointer: '/unitPrice' },
      ],
    );
  });

  it('reports every missing required field at once', async () => {
    expectErrors(await setup.sandbox.call('POST', '/warehouse/v1/products', { body: {} }), 400, [
      { code: 'validation_failed', pointer: '/productCode' },
      { code: 'validation_failed', pointer: '/productDescription' },
      { code: 'validation_failed', pointer: '/productUnit' },
    ]);
  });

  it('answers 409 on /productCode for a code that exists in the organization', async () => {
    await createProduct('DUP');
    const before = databaseDigest(setup.sandbox.store);
    expectErrors(
      await setup.sandbox.call('POST', '/warehouse/v1/products', { body: productBody('DUP') }),
      409,
      [{ code: 'conflict', pointer: '/productCode' }],
    );
    expect(databaseDigest(setup.sandbox.store)).toBe(before);
  });

  it('refuses an attribute with both flags, a second RF attribute and an unknown key, each on its member', async () => {
    const answer = await setup.sandbox.call('POST', '/warehouse/v1/products', {
      body: productBody('ATTR', {
        productAttributes: [
          { key: 'LOT', requiredForWarehouseRelease: true, requiredForRfConfirmation: true },
          { key: 'EXP', requiredForRfConfirmation: true },
          { key: 'COLOR' },
        ],
      }),
    });
    expectErrors(answer, 400, [
      { code: 'validation_failed', pointer: '/productAttributes/0/requiredForRfConfirmation' },
      { code: 'validation_failed', pointer: '/productAttributes/1/requiredForRfConfirmation' },
      { code: 'validation_failed', pointer: '/productAttributes/2/key' },
    ]);
  });

  it('allows one RF-confirmation attribute next to a release-capture one under ASP', async () => {
    const product = await createProduct('ASP-RF', {
      productAttributes: [
        { key: 'LOT', requiredForRfConfirmation: true },
        { key: 'EXP', requiredForWarehouseRelease: true },
      ],
    });
    expect(product.pickMode).toBe('ASP');
  });

  it.each([
    ['no attributes', undefined, []],
    [
      'the serial key captured at release',
      [{ key: 'SN', requiredForWarehouseRelease: true }],
      ['/productAttributes/0/requiredForWarehouseRelease', '/productAttributes/0/requiredForRfConfirmation'],
    ],
    [
      'the serial key without RF confirmation',
      [{ key: 'SN' }],
      ['/productAttributes/0/requiredForRfConfirmation'],
    ],
    ['RF confirmation on another key', [{ key: 'LOT', requiredForRfConfirmation: true }], []],
  ])(
    "refuses pickMode ANE with %s, on /pickMode and the serial attribute's wrong flags",
    async (_case, productAttributes, flagPointers) => {
      const answer = await setup.sandbox.call('POST', '/warehouse/v1/products', {
        body: productBody('ANE-BAD', { pickMode: 'ANE', productAttributes }),
      });
      expectErrors(answer, 400, [
        { code: 'validation_failed', pointer: '/pickMode' },
        ...flagPointers.map((pointer) => ({ code: 'validation_failed', pointer })),
      ]);
      expect(setup.sandbox.store.products.count()).toBe(0);
    },
  );

  it('refuses a pick mode other than ANE or ASP and ill-typed members, all at once', async () => {
    expectErrors(
      await setup.sandbox.call('POST', '/warehouse/v1/products', {
        body: productBody('TYPES', {
          pickMode: 'XYZ',
          dimHeight: -1,
          weightPerProduct: 'heavy',
          customFields: 'x',
        }),
      }),
      400,
      [
        { code: 'validation_failed', pointer: '/pickMode' },
        { code: 'validation_failed', pointer: '/dimHeight' },
        { code: 'validation_failed', pointer: '/weightPerProduct' },
        { code: 'validation_failed', pointer: '/customFields' },
      ],
    );
  });
});

describe('GET /warehouse/v1/products/{id} and get-id', () => {
  it('reads the full product by id, and only id and pickMode by code', async () => {
    const created = await createProduct('READ-1', { pickMode: 'ANE', productAttributes: [serial] });
    expect(expectSuccess(await setup.sandbox.call('GET', `/warehouse/v1/products/${created.id}`))).toEqual(
      created,
    );
    const lookup = expectSuccess(
      await setup.sandbox.call('GET', '/warehouse/v1/products/actions/get-id/READ-1'),
    );
    expect(lookup).toEqual({ id: created.id, pickMode: 'ANE' });
    expect(productIdLookupSchema.parse(lookup)).toEqual(lookup);
  });

  it('answers 404 not_found for an unknown id and an unknown code', async () => {
    expectErrors(
      await setup.sandbox.call('GET', '/warehouse/v1/products/0123456789abcdef0123456789abcdef'),
      404,
      [{ code: 'not_found', pointer: '/' }],
    );
    expectErrors(await setup.sandbox.call('GET', '/warehouse/v1/products/actions/get-id/NOPE'), 404, [
      { code: 'not_found', pointer: '/' },
    ]);
  });

  it('reads a code that needs escaping in the path', async () => {
    // Stored directly: the create route refuses such a code, which an operator's older product may have.
    const created = {
      ...(await createProduct('ESCAPED-1')),
      id: '0123456789abcdef01234567',
      productCode: 'A/B C%',
    };
    setup.sandbox.store.products.put('default', created);
    const lookup = await setup.sandbox.call(
      'GET',
      `/warehouse/v1/products/actions/get-id/${encodeURIComponent('A/B C%')}`,
    );
    expect(expectSuccess(lookup).id).toBe(created.id);
  });
});

describe('GET /warehouse/v1/products?productcode=', () => {
  it('finds by exact code whatever the case of the parameter name, and answers an empty list for no match', async () => {
    const created = await createProduct('LIST-1');
    await createProduct('LIST-10');
    for (const name of ['productcode', 'productCode', 'PRODUCTCODE']) {
      const data = expectSuccess(await setup.sandbox.call('GET', `/warehouse/v1/products?${name}=LIST-1`));
      expect(productListSchema.parse(data).products.map((product) => product.id)).toEqual([created.id]);
      expect(data.nextCursor).toBeNull();
    }
    expect(
      expectSuccess(await setup.sandbox.call('GET', '/warehouse/v1/products?productcode=list-1')).products,
    ).toEqual([]);
  });
});
