import { describe, expect, it } from 'vitest';
import { readCsvTable } from '@/domain/csv-file';
import { productImportTemplate } from './import-template';
import { guessColumnTarget, importedRows } from './product-csv-mapping';

const packet = {
  attributeKeys: [
    { key: 'SN', label: 'Serial number' },
    { key: 'LOT', label: 'Lot' },
  ],
  serialKey: 'SN',
};

describe('the product import template', () => {
  it('has headers the import reads by itself and rows that fill the form as meant', () => {
    const read = readCsvTable(productImportTemplate(packet));
    if (!('table' in read)) throw new Error(read.problem);
    const { table } = read;
    expect(table.headers).toEqual([
      'SKU',
      'Product name',
      'Price (USD)',
      'Weight (lb)',
      'Height (in)',
      'Width (in)',
      'Depth (in)',
      'Serial number',
      'Lot',
    ]);
    const targets = table.headers.map((header) => guessColumnTarget(header, packet));
    expect(targets).not.toContain('');
    const [tee, headphones] = importedRows(table, targets);
    expect(tee?.product).toMatchObject({
      productCode: 'TEE-EXAMPLE-M',
      productDescription: 'Example tee, black, size M',
      weightPerProductUnit: 'LB',
      dimUnit: 'IN',
      unitPriceCurrency: 'USD',
    });
    expect(tee?.product).not.toHaveProperty('productAttributes');
    expect(headphones?.product).toMatchObject({
      productAttributes: [{ key: 'SN', requiredForRfConfirmation: true, requiredForWarehouseRelease: false }],
    });
  });
});
