import { describe, expect, it } from 'vitest';
import { validOrderInput } from '../testing/order-fixtures';
import { orderInputSchema, orderSchema } from './order';

describe('order schemas', () => {
  it('refuses a rate group together with a transport detail, on transportDetail', () => {
    const result = orderInputSchema.safeParse({
      ...validOrderInput,
      rateGroup: 'ECONOMY',
      transportDetail: { carrierCode: 'UPS', serviceLevelCode: 'GND' },
    });
    expect(result.error?.issues.map((issue) => issue.path.join('/'))).toEqual(['transportDetail']);
  });

  it('reports a rate group together with a transport detail alongside ill-typed members', () => {
    const result = orderInputSchema.safeParse({
      ...validOrderInput,
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
      orderInputSchema.safeParse({ ...validOrderInput, rateGroup: 'ECONOMY', transportDetail: null }).success,
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
