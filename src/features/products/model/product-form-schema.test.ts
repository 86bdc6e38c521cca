import { describe, expect, it } from 'vitest';
import type { Product } from '@/contract/product';
import {
  emptyProductFormValues,
  type ProductFormValues,
  productCreateFormSchema,
  productEditFormSchema,
  productToEditValues,
} from './product-form-schema';

const packet = { attributeKeys: ['SN', 'LOT', 'EXP'], serialKey: 'SN' };

function form(overrides: Partial<ProductFormValues>): ProductFormValues {
  return { ...emptyProductFormValues(), productCode: 'SKU-1', productDescription: 'Widget', ...overrides };
}

function issuePaths(
  values: unknown,
  schema: {
    safeParse: (value: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[] }[] } };
  } = productCreateFormSchema(packet),
) {
  const result = schema.safeParse(values);
  return result.success ? [] : (result.error?.issues ?? []).map((issue) => issue.path.join('.'));
}

describe('productCreateFormSchema', () => {
  it('reads empty inputs as absent, not as 0 or empty strings', () => {
    const parsed = productCreateFormSchema(packet).parse(form({ unitPriceCurrency: '', dimUnit: '' }));
    expect(parsed).toEqual({
      productCode: 'SKU-1',
      productDescription: 'Widget',
      productUnit: 'UNT',
      weightPerProductUnit: 'LB',
      pickMode: 'ASP',
      productAttributes: [],
      customFields: [],
    });
  });

  it('keeps typed numbers and reports text in a number field on that field', () => {
    expect(productCreateFormSchema(packet).parse(form({ dimHeight: 0, dimWidth: '2.5' }))).toMatchObject({
      dimHeight: 0,
      dimWidth: 2.5,
    });
    expect(issuePaths(form({ weightPerProduct: 'heavy' }))).toEqual(['weightPerProduct']);
  });

  it('accepts a serialized ANE product', () => {
    const values = form({
      pickMode: 'ANE',
      productAttributes: [{ key: 'SN', requiredForWarehouseRelease: false, requiredForRfConfirmation: true }],
    });
    expect(issuePaths(values)).toEqual([]);
  });

  it('puts each attribute rule on its field', () => {
    expect(issuePaths(form({ pickMode: 'ANE' }))).toEqual(['pickMode']);
    expect(
      issuePaths(
        form({
          productAttributes: [
            { key: 'LOT', requiredForWarehouseRelease: false, requiredForRfConfirmation: true },
            { key: 'EXP', requiredForWarehouseRelease: false, requiredForRfConfirmation: true },
          ],
        }),
      ),
    ).toEqual(['productAttributes.1.requiredForRfConfirmation']);
    expect(
      issuePaths(
        form({
          productAttributes: [
            { key: 'LOT', requiredForWarehouseRelease: true, requiredForRfConfirmation: true },
          ],
        }),
      ),
    ).toEqual(['productAttributes.0.requiredForRfConfirmation']);
  });

  it('puts an ANE problem with the serial attribute on the flag to change as well as on the pick mode', () => {
    const noFlags = { requiredForWarehouseRelease: false, requiredForRfConfirmation: false };
    const serial = (flags: typeof noFlags) =>
      form({
        pickMode: 'ANE',
        productAttributes: [
          { key: 'LOT', ...noFlags },
          { key: 'SN', ...flags },
        ],
      });
    expect(issuePaths(serial(noFlags))).toEqual([
      'pickMode',
      'productAttributes.1.requiredForRfConfirmation',
    ]);
    expect(
      issuePaths(serial({ requiredForWarehouseRelease: true, requiredForRfConfirmation: true })),
    ).toEqual([
      'productAttributes.1.requiredForRfConfirmation',
      'pickMode',
      'productAttributes.1.requiredForWarehouseRelease',
    ]);
  });

  it('asks for a key on every custom field', () => {
    expect(issuePaths(form({ customFields: [{ key: ' ', value: 'x' }] }))).toEqual(['customFields.0.key']);
  });
});

const stored: Product = {
  id: 'p1',
  productCode: 'SKU-1',
  productDescription: 'Widget',
  productUnit: 'UNT',
  unitPrice: '12.50',
  dimHeight: 0,
  pickMode: 'ASP',
  productAttributes: [{ key: 'LOT', requiredForWarehouseRelease: false, requiredForRfConfirmation: true }],
  customFields: [],
};

describe('productEditFormSchema', () => {
  const schema = productEditFormSchema(stored, packet);

  it('accepts the stored product as it is', () => {
    expect(issuePaths(productToEditValues(stored), schema)).toEqual([]);
  });

  it('refuses to clear a value the interface cannot clear', () => {
    expect(issuePaths({ ...productToEditValues(stored), unitPrice: '', dimHeight: '' }, schema)).toEqual([
      'dimHeight',
      'unitPrice',
    ]);
  });

  it('refuses ANE when the stored attributes do not allow it', () => {
    expect(issuePaths({ ...productToEditValues(stored), pickMode: 'ANE' }, schema)).toEqual(['pickMode']);
  });

  it('keeps a unit the product has outside the documented ones, and holds a new one to them', () => {
    const metric = productEditFormSchema({ ...stored, dimUnit: 'CM', weightPerProductUnit: 'KG' }, packet);
    const values = productToEditValues({ ...stored, dimUnit: 'CM', weightPerProductUnit: 'KG' });
    expect(issuePaths(values, metric)).toEqual([]);
    expect(metric.parse(values).dimUnit).toBeUndefined();
    expect(metric.parse({ ...values, dimUnit: 'IN' })).toMatchObject({ dimUnit: 'IN' });
    expect(issuePaths({ ...values, dimUnit: 'MM' }, metric)).toEqual(['dimUnit']);
  });
});
