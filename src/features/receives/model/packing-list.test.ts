import { describe, expect, it } from 'vitest';
import { packingListCodes, readPackingList } from './packing-list';

describe('a packing list read as receive lines', () => {
  const table = {
    headers: ['SKU', 'Qty', 'UOM', 'Line #'],
    rows: [
      ['MUG-1', '12', '', 'L1'],
      ['GHOST', '3', 'UNT', ''],
      ['', '2', '', ''],
      ['MUG-2', 'many', '', ''],
      ['MUG-3', '', '', ''],
    ],
    // Row 4 of the file was blank.
    rowNumbers: [2, 3, 5, 6, 7],
  };

  it('reads each row as the form reads a line, naming each bad row and unknown code', () => {
    expect(readPackingList(table, new Map([['GHOST', null]]))).toEqual({
      lines: [{ productCode: 'MUG-1', quantity: 12, quantityUnit: 'UNT', externalLineReference: 'L1' }],
      problems: [
        { row: 3, message: 'No product has the code GHOST' },
        { row: 5, message: 'Choose a product' },
        { row: 6, message: 'Enter a quantity' },
        { row: 7, message: 'Enter a quantity' },
      ],
    });
    expect(packingListCodes(table)).toEqual(['MUG-1', 'GHOST', 'MUG-2', 'MUG-3']);
  });

  it('takes a code in other letter case as the product the warehouse has', () => {
    const lower = { headers: ['sku', 'QTY'], rows: [['tee-org-blk-m', '4']], rowNumbers: [2] };
    expect(readPackingList(lower, new Map([['tee-org-blk-m', 'TEE-ORG-BLK-M']])).lines).toEqual([
      { productCode: 'TEE-ORG-BLK-M', quantity: 4, quantityUnit: 'UNT', externalLineReference: '' },
    ]);
  });

  it('needs a code and a quantity column', () => {
    expect(readPackingList({ headers: ['Name'], rows: [['x']], rowNumbers: [2] }).problems).toEqual([
      { row: 1, message: 'The header needs a product code column (code or SKU) and a quantity column' },
    ]);
  });
});
