import { describe, expect, it } from 'vitest';
import { isProductEditField, isProductFormField } from './product-form-fields';

const values = {
  productAttributes: [{ key: 'SN', requiredForWarehouseRelease: false, requiredForRfConfirmation: true }],
  customFields: [],
};

describe('isProductFormField', () => {
  it('knows the top-level inputs and the members of rows that exist', () => {
    expect(isProductFormField('productCode', values)).toBe(true);
    expect(isProductFormField('productAttributes.0.requiredForRfConfirmation', values)).toBe(true);
  });

  it('refuses rows the form does not show and unknown members', () => {
    expect(isProductFormField('productAttributes.1.key', values)).toBe(false);
    expect(isProductFormField('customFields.0.key', values)).toBe(false);
    expect(isProductFormField('productAttributes.0.colour', values)).toBe(false);
    expect(isProductFormField('productAttributes', values)).toBe(false);
  });
});

describe('isProductEditField', () => {
  it('leaves the product code out, since the edit form shows it read-only', () => {
    expect(isProductEditField('productDescription')).toBe(true);
    expect(isProductEditField('productCode')).toBe(false);
  });
});
