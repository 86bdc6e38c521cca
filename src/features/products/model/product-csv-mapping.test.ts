import { describe, expect, it } from 'vitest';
import { guessColumnTarget, productFromRecord } from './product-csv-mapping';

describe('a product CSV mapped to the create contract', () => {
  it('knows the usual headers, attribute: and custom: columns', () => {
    expect(
      ['SKU', 'Description', 'Unit price', 'weight_unit', 'attribute: LOT', 'Custom:color', 'Notes'].map(
        guessColumnTarget,
      ),
    ).toEqual([
      'productCode',
      'productDescription',
      'unitPrice',
      'weightPerProductUnit',
      'attribute:LOT',
      'custom:color',
      '',
    ]);
  });

  it('fills what the form fills, reads numbers with a decimal comma, and leaves bad numbers for the checks', () => {
    const targets = [
      'productCode',
      'productDescription',
      'dimHeight',
      'weightPerProduct',
      'unitPrice',
      'attribute:SN',
      'custom:color',
      '',
    ] as const;
    expect(productFromRecord(['A-1', 'Mug', '12,5', 'heavy', '3,20', 'rf', 'blue', 'x'], targets)).toEqual({
      productCode: 'A-1',
      productDescription: 'Mug',
      productUnit: 'UNT',
      dimHeight: 12.5,
      dimUnit: 'IN',
      weightPerProduct: 'heavy',
      weightPerProductUnit: 'LB',
      unitPrice: '3.20',
      unitPriceCurrency: 'USD',
      productAttributes: [{ key: 'SN', requiredForWarehouseRelease: false, requiredForRfConfirmation: true }],
      customFields: [{ key: 'color', value: 'blue' }],
    });
    for (const no of ['no', 'FALSE', '0', 'n'])
      expect(
        productFromRecord(['A-2', 'Cup', no], ['productCode', 'productDescription', 'attribute:LOT']),
      ).toEqual({
        productCode: 'A-2',
        productDescription: 'Cup',
        productUnit: 'UNT',
      });
    expect(productFromRecord(['', ''], ['productCode', 'productDescription'])).toEqual({
      productCode: '',
      productDescription: '',
      productUnit: 'UNT',
    });
  });
});
