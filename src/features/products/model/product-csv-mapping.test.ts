import { describe, expect, it } from 'vitest';
import { guessColumnTarget, importedRows, productFromRecord } from './product-csv-mapping';

describe('a product CSV mapped to the create contract', () => {
  it('knows the usual headers, attribute: and custom: columns', () => {
    expect(
      ['SKU', 'Description', 'Unit price', 'weight_unit', 'attribute: LOT', 'Custom:color', 'Notes'].map(
        (header) => guessColumnTarget(header),
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

  it('knows the headers people write, in any letter case, with units in brackets, and attributes by label', () => {
    const packet = {
      attributeKeys: [
        { key: 'SN', label: 'Serial number' },
        { key: 'LOT', label: 'Lot' },
        { key: 'EXP', label: 'Expiry date' },
      ],
      serialKey: 'SN',
    };
    const headers = [
      'Item Number',
      'PRODUCT NAME',
      'Weight (lb)',
      'Price [USD]',
      'Height (in)',
      'Serialized',
      'lot',
      'Expiry Date',
    ];
    const targets = headers.map((header) => guessColumnTarget(header, packet));
    expect(targets).toEqual([
      'productCode',
      'productDescription',
      'weightPerProduct',
      'unitPrice',
      'dimHeight',
      'attribute:SN',
      'attribute:LOT',
      'attribute:EXP',
    ]);
    const [row] = importedRows(
      { headers, rows: [['MUG-1', 'Mug', '0.8', '9.50', '4', 'yes', 'no', '']], rowNumbers: [2] },
      targets,
    );
    expect(row?.product).toMatchObject({
      weightPerProduct: 0.8,
      weightPerProductUnit: 'LB',
      unitPrice: '9.50',
      unitPriceCurrency: 'USD',
      dimHeight: 4,
      dimUnit: 'IN',
      productAttributes: [
        { key: 'SN', requiredForWarehouseRelease: false, requiredForRfConfirmation: false },
      ],
    });
    // A unit the interface does not take is sent as written, for the checks to name rather than guess.
    const [grams] = importedRows({ headers: ['SKU', 'Weight (g)'], rows: [['A', '300']], rowNumbers: [2] }, [
      'productCode',
      'weightPerProduct',
    ]);
    expect(grams?.product).toMatchObject({ weightPerProduct: 300, weightPerProductUnit: 'G' });
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
