import { describe, expect, it } from 'vitest';
import type { Product } from '@/contract/product';
import { changedProductFields } from './product-changes';

const stored: Product = {
  id: 'p1',
  productCode: 'SKU-1',
  productDescription: 'Widget',
  productUnit: 'UNT',
  unitPrice: '12.50',
  dimHeight: 3,
  productAttributes: [],
  customFields: [],
};

describe('changedProductFields', () => {
  it('sends only the members that differ', () => {
    expect(
      changedProductFields(stored, {
        productDescription: 'Widget, blue',
        productUnit: 'UNT',
        unitPrice: '12.50',
        dimHeight: 3,
        dimWidth: 4,
      }),
    ).toEqual({ productDescription: 'Widget, blue', dimWidth: 4 });
  });

  it('sends nothing when nothing changed, treating an absent text like an empty one', () => {
    expect(changedProductFields(stored, { productDescription: 'Widget', clientProductCode: '' })).toEqual({});
  });
});
