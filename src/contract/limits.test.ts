import { describe, expect, it } from 'vitest';
import { validOrderInput } from '../testing/order-fixtures';
import { limits } from './limits';
import { orderInputSchema } from './order';
import { receiveInputSchema } from './receive';
import { shipActionSchema } from './sandbox-actions';

describe('limits', () => {
  const problems = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    (result.error?.issues ?? []).map((issue) => `${issue.path.join('/')}: ${issue.message}`);

  it('refuses text and lists over their limits, saying the limit in words', () => {
    const line = validOrderInput.orderLines[0];
    const result = orderInputSchema.safeParse({
      ...validOrderInput,
      primaryReference: 'R'.repeat(limits.maxLength.reference + 1),
      note: 'n'.repeat(limits.maxLength.note + 1),
      shipToAddress: { address: { addressLine1: 'a'.repeat(limits.maxLength.name + 1), country: 'US' } },
      orderLines: Array.from({ length: limits.maxItems.lines + 1 }, () => line),
      tags: ['t'.repeat(limits.maxLength.tag + 1)],
    });
    expect(problems(result).sort()).toEqual([
      'note: Use at most 2,000 characters',
      'orderLines: Use at most 500 lines',
      'primaryReference: Use at most 100 characters',
      'shipToAddress/address/addressLine1: Use at most 200 characters',
      'tags/0: Use at most 100 characters',
    ]);
  });

  it('accepts every member at its limit', () => {
    const result = orderInputSchema.safeParse({
      ...validOrderInput,
      primaryReference: 'R'.repeat(limits.maxLength.reference),
      note: 'n'.repeat(limits.maxLength.note),
      orderLines: Array.from({ length: limits.maxItems.lines }, (_, index) => ({
        productCode: 'P'.repeat(limits.maxLength.productCode),
        quantity: index + 1,
      })),
    });
    expect(problems(result)).toEqual([]);
  });

  it("limits product codes on lines to the interface's 35 characters, as on products", () => {
    const result = receiveInputSchema.safeParse({
      warehouseCode: 'NJE',
      primaryReference: 'PO-1',
      receiveLines: [{ productCode: 'P'.repeat(36), quantity: 1 }],
    });
    expect(problems(result)).toEqual(['receiveLines/0/productCode: Use at most 35 characters']);
  });

  it('bounds the lists of an operator action', () => {
    const result = shipActionSchema.safeParse({
      packages: Array.from({ length: limits.maxItems.packages + 1 }, () => ({})),
      shipmentLines: [
        { lineNumber: '1', quantity: 1001, sublines: Array.from({ length: 1001 }, () => ({ quantity: 1 })) },
      ],
    });
    expect(problems(result).sort()).toEqual([
      'packages: Use at most 100 packages',
      'shipmentLines/0/sublines: Use at most 1,000 sublines',
    ]);
  });
});
