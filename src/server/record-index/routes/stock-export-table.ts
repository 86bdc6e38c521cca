import type { StockLevel } from '../../../domain/stock-movements';
import type { ExportTable } from './export-table';

const flagWords = { shipped_unreceived: 'Shipped but never received', below_zero: 'Below zero' } as const;

/** The stock list's export: one row a product, warehouse and lot, headed in words. */
export const stockExportTable: ExportTable<StockLevel> = {
  sheet: 'Stock',
  columns: [
    { header: 'Product', kind: 'text', of: (row) => row.productCode },
    { header: 'Warehouse', kind: 'text', of: (row) => row.warehouse },
    { header: 'Lot or serial', kind: 'text', of: (row) => row.lot },
    { header: 'Expires', kind: 'text', of: (row) => row.expiry },
    { header: 'Received', kind: 'number', of: (row) => row.received },
    { header: 'Returned', kind: 'number', of: (row) => row.returned },
    { header: 'Shipped', kind: 'number', of: (row) => row.shipped },
    { header: 'On hand (counted by the console)', kind: 'number', of: (row) => row.onHand },
    { header: 'Incoming', kind: 'number', of: (row) => row.incoming },
    { header: 'Committed', kind: 'number', of: (row) => row.committed },
    {
      header: 'Does not add up',
      kind: 'text',
      of: (row) => row.flags.map((flag) => flagWords[flag]).join('; '),
    },
  ],
};
