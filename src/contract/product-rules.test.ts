import { describe, expect, it } from 'vitest';
import { productCreateSchema } from './product';
import { productAttributeProblems } from './product-rules';

const packet = { attributeKeys: ['SN', 'LOT', 'EXP'], serialKey: 'SN' };

describe('product rules', () => {
  it('accepts ANE with the serial attribute confirmed by RF and not captured at release', () => {
    const problems = productAttributeProblems(
      {
        pickMode: 'ANE',
        productAttributes: [
          { key: 'SN', requiredForWarehouseRelease: false, requiredForRfConfirmation: true },
        ],
      },
      packet,
    );
    expect(problems).toEqual([]);
  });

  it('names every violated rule with its path', () => {
    const problems = productAttributeProblems(
      {
        pickMode: 'ANE',
        productAttributes: [
          { key: 'LOT', requiredForWarehouseRelease: true, requiredForRfConfirmation: true },
          { key: 'EXP', requiredForRfConfirmation: true },
          { key: 'COLOR' },
        ],
      },
      packet,
    );
    expect(problems.map((problem) => problem.path.join('/'))).toEqual([
      'productAttributes/0/requiredForRfConfirmation',
      'productAttributes/1/requiredForRfConfirmation',
      'productAttributes/2/key',
      'pickMode',
    ]);
  });

  it('names the wrong flag of the serial attribute under ANE, and only the pick mode when it is missing', () => {
    const paths = (
      productAttributes: {
        key: string;
        requiredForWarehouseRelease?: boolean;
        requiredForRfConfirmation?: boolean;
      }[],
    ) =>
      productAttributeProblems({ pickMode: 'ANE', productAttributes }, packet).map((problem) =>
        problem.path.join('/'),
      );
    expect(
      paths([{ key: 'SN', requiredForWarehouseRelease: true, requiredForRfConfirmation: false }]),
    ).toEqual([
      'pickMode',
      'productAttributes/0/requiredForWarehouseRelease',
      'productAttributes/0/requiredForRfConfirmation',
    ]);
    expect(paths([{ key: 'LOT' }, { key: 'SN' }])).toEqual([
      'pickMode',
      'productAttributes/1/requiredForRfConfirmation',
    ]);
    expect(paths([{ key: 'LOT', requiredForRfConfirmation: true }])).toEqual(['pickMode']);
    const [onFlag] = productAttributeProblems(
      {
        pickMode: 'ANE',
        productAttributes: [
          { key: 'SN', requiredForWarehouseRelease: true, requiredForRfConfirmation: true },
        ],
      },
      packet,
    ).filter((problem) => problem.path.at(-1) === 'requiredForWarehouseRelease');
    expect(onFlag?.message).toBe('Pick mode ANE needs release capture off for the serial number (SN)');
  });

  it('limits the product code to 35 characters', () => {
    const result = productCreateSchema.safeParse({
      productCode: 'X'.repeat(36),
      productDescription: 'd',
      productUnit: 'UNT',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['productCode']);
  });
});
