import { describe, expect, it } from 'vitest';
import type { Product } from '@/contract/product';
import { aneProblems, aneRuleFor } from '@/contract/product-rules';
import {
  emptyProductFormValues,
  productCreateFormSchema,
  productEditFormSchema,
  productToEditValues,
} from './product-form-schema';

const packet = { attributeKeys: ['SERIAL NUMBER', 'LOT'], serialKey: 'SERIAL NUMBER' };

// The operator's own ANE example: the serial number captured at release, not confirmed by RF.
const operatorExample = {
  ...emptyProductFormValues(),
  productCode: 'SKU-ANE',
  productDescription: 'Scanner',
  pickMode: 'ANE' as const,
  productAttributes: [
    { key: 'SERIAL NUMBER', requiredForWarehouseRelease: true, requiredForRfConfirmation: false },
  ],
};

const paths = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.success ? [] : (result.error?.issues ?? []).map((issue) => issue.path.join('.'));

describe('the ANE rule', () => {
  it('is refused in sandbox mode, as the sandbox keeps the summary rule', () => {
    expect(aneRuleFor('sandbox')).toBe('refuse');
    expect(paths(productCreateFormSchema(packet, 'refuse').safeParse(operatorExample))).toEqual([
      'pickMode',
      'productAttributes.0.requiredForWarehouseRelease',
      'productAttributes.0.requiredForRfConfirmation',
    ]);
  });

  it('only warns in upstream mode: the operator example goes through, other rules still hold', () => {
    expect(aneRuleFor('upstream')).toBe('warn');
    const warn = productCreateFormSchema(packet, 'warn');
    expect(paths(warn.safeParse(operatorExample))).toEqual([]);
    const twice = {
      ...operatorExample,
      productAttributes: [...operatorExample.productAttributes, { key: 'LOT' }, { key: 'LOT' }],
    };
    expect(paths(warn.safeParse(twice))).toEqual(['productAttributes.2.key']);
  });

  it('names the problems only ANE brings, for the warning', () => {
    expect(aneProblems(operatorExample, packet).map((problem) => problem.path.join('.'))).toEqual([
      'pickMode',
      'productAttributes.0.requiredForWarehouseRelease',
      'productAttributes.0.requiredForRfConfirmation',
    ]);
    expect(aneProblems({ ...operatorExample, pickMode: 'ASP' }, packet)).toEqual([]);
  });

  it('lets a change to ANE be saved in upstream mode when the stored attributes break the rule', () => {
    const product = {
      id: '677eddd7813921e226061966',
      productCode: 'SKU-ANE',
      productDescription: 'Scanner',
      productUnit: 'UNT',
      pickMode: 'ASP',
      productAttributes: operatorExample.productAttributes,
      customFields: [],
    } satisfies Product;
    const values = { ...productToEditValues(product), pickMode: 'ANE' };
    expect(paths(productEditFormSchema(product, packet, 'refuse').safeParse(values))).toEqual(['pickMode']);
    expect(paths(productEditFormSchema(product, packet, 'warn').safeParse(values))).toEqual([]);
  });
});
