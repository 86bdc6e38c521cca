import { describe, expect, it } from 'vitest';
import { normalizeKeys } from './common';
import { orderInputSchema, orderSchema } from './order';
import { productCreateSchema } from './product';
import { productAttributeProblems } from './product-rules';

const packet = { attributeKeys: ['SN', 'LOT', 'EXP'], serialKey: 'SN' };

describe('normalizeKeys', () => {
  it('reads PascalCase members at any depth as camelCase', () => {
    expect(normalizeKeys({ PrimaryReference: 'A', OrderLines: [{ ProductCode: 'P', Quantity: 1 }] })).toEqual(
      { primaryReference: 'A', orderLines: [{ productCode: 'P', quantity: 1 }] },
    );
  });

  it('prefers the camelCase member when both spellings are sent', () => {
    expect(normalizeKeys({ Note: 'pascal', note: 'camel' })).toEqual({ note: 'camel' });
  });
});

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

describe('order schemas', () => {
  const order = {
    warehouseCode: 'LAW',
    primaryReference: 'SO-1',
    shipToAddress: { address: { addressLine1: '1 Main St', country: 'US' } },
    orderLines: [{ productCode: 'P', quantity: 2 }],
  };

  it('refuses a rate group together with a transport detail, on transportDetail', () => {
    const result = orderInputSchema.safeParse({
      ...order,
      rateGroup: 'ECONOMY',
      transportDetail: { carrierCode: 'UPS', serviceLevelCode: 'GND' },
    });
    expect(result.error?.issues.map((issue) => issue.path.join('/'))).toEqual(['transportDetail']);
  });

  it('reports a rate group together with a transport detail alongside ill-typed members', () => {
    const result = orderInputSchema.safeParse({
      ...order,
      orderLines: [{ productCode: 'P', quantity: 'two' }],
      forwardingData: { incoTerm: 'XYZ' },
      rateGroup: 'ECONOMY',
      transportDetail: { carrierCode: 'UPS', serviceLevelCode: 'GND' },
    });
    expect(result.error?.issues.map((issue) => issue.path.join('/')).sort()).toEqual([
      'forwardingData/incoTerm',
      'orderLines/0/quantity',
      'transportDetail',
    ]);
  });

  it('accepts a rate group with a null transport detail', () => {
    expect(
      orderInputSchema.safeParse({ ...order, rateGroup: 'ECONOMY', transportDetail: null }).success,
    ).toBe(true);
  });

  it('reads a response with UUID ids, a three-letter country, omitted contact and unknown fields', () => {
    const parsed = orderSchema.parse({
      id: '6f1c2a4e-9d1b-4c1e-8f00-0a1b2c3d4e5f',
      status: 'PRS',
      primaryReference: 'SO-1',
      shipToAddress: { address: { country: 'USA', addressNote: 'gate 4' } },
      orderLines: [{ lineNumber: '1', productCode: 'P', quantity: 1, linePrice: 3.5 }],
      shipments: [{ id: '0123456789abcdef0123456789abcdef', wmsId: 'W1', status: 'ENT', somethingNew: 1 }],
    });
    expect(parsed.shipments[0]?.packages).toEqual([]);
    expect(parsed.shipToAddress?.address?.country).toBe('USA');
  });
});
