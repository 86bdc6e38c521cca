import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { productCreateSchema, productUnitChoices, productUpdateSchema } from './product';

const valid = { productCode: 'TEE-S_2', productDescription: 'Tee, small', productUnit: 'UNT' };

/** The messages the create schema gives for `product`, by the path they sit on. */
function messages(product: Record<string, unknown>, schema: z.ZodType = productCreateSchema) {
  const result = schema.safeParse(product);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('product code of a new product', () => {
  it.each(['TEE-S_2', 'abc123', 'A', 'X'.repeat(35)])('accepts %s', (productCode) => {
    expect(messages({ ...valid, productCode })).toEqual({});
  });

  it.each([
    ['ux sku é', 'Use letters, digits, - and _ only: a space and é are not allowed'],
    ['CAFÉ', 'Use letters, digits, - and _ only: É is not allowed'],
    ['A/B', 'Use letters, digits, - and _ only: / is not allowed'],
    ['A.B.C', 'Use letters, digits, - and _ only: . is not allowed'],
    ['X'.repeat(36), 'Use at most 35 characters'],
    ['', 'Enter a product code'],
  ])('refuses %s on the field', (productCode, message) => {
    expect(messages({ ...valid, productCode })).toEqual({ productCode: message });
  });

  it('trims the spaces around a code rather than refusing them', () => {
    expect(productCreateSchema.parse({ ...valid, productCode: ' TEE-S ' }).productCode).toBe('TEE-S');
  });
});

describe('units of a product', () => {
  it('accepts every documented unit', () => {
    for (const productUnit of productUnitChoices.productUnit)
      for (const unitPriceCurrency of productUnitChoices.unitPriceCurrency)
        for (const dimUnit of productUnitChoices.dimUnit)
          for (const weightPerProductUnit of productUnitChoices.weightPerProductUnit)
            expect(
              messages({ ...valid, productUnit, unitPriceCurrency, dimUnit, weightPerProductUnit }),
            ).toEqual({});
  });

  it.each([
    ['productUnit', 'pieces', 'Unit: choose one of UNT'],
    ['productUnit', 'KG', 'Unit: choose one of UNT'],
    ['productUnit', '', 'Unit: choose one of UNT'],
    ['dimUnit', 'cm', 'Size unit: choose one of IN, M'],
    ['dimUnit', 'in', 'Size unit: choose one of IN, M'],
    ['weightPerProductUnit', 'KG', 'Weight unit: choose one of LB, OZ'],
    ['unitPriceCurrency', 'EUR', 'Currency: choose one of USD'],
  ])('refuses %s %s', (field, unit, message) => {
    expect(messages({ ...valid, [field]: unit })).toEqual({ [field]: message });
  });

  it('holds an update to the same units', () => {
    expect(messages({ dimUnit: 'cm' }, productUpdateSchema)).toEqual({
      dimUnit: 'Size unit: choose one of IN, M',
    });
    expect(messages({ dimUnit: 'M' }, productUpdateSchema)).toEqual({});
  });
});

describe('price of a product', () => {
  it.each(['0', '0.0000', '39.99', '12.5', '123456789012.1234', 0, 12.5])('accepts %s', (unitPrice) => {
    expect(messages({ ...valid, unitPrice })).toEqual({});
  });

  it.each([
    ['-1', 'A price cannot be negative'],
    ['-0.50', 'A price cannot be negative'],
    [-3, 'A price cannot be negative'],
    ['twelve', 'Enter the price as a number, for example 12.50'],
    ['12,50', 'Enter the price as a number, for example 12.50'],
    ['', 'Enter the price as a number, for example 12.50'],
    ['1.23456', 'Use at most 12 digits before the point and 4 after'],
    ['1234567890123', 'Use at most 12 digits before the point and 4 after'],
  ])('refuses %s', (unitPrice, message) => {
    expect(messages({ ...valid, unitPrice })).toEqual({ unitPrice: message });
  });
});
