import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { camelCaseName, isoDateOrTimestampSchema, normalizeKeys } from './common';
import { limits } from './limits';
import { orderInputSchema, orderSchema } from './order';
import { productCreateSchema } from './product';
import { productAttributeProblems } from './product-rules';
import { receiveInputSchema } from './receive';
import { shipActionSchema } from './sandbox-actions';

const packet = { attributeKeys: ['SN', 'LOT', 'EXP'], serialKey: 'SN' };
const order = {
  warehouseCode: 'LAW',
  primaryReference: 'SO-1',
  shipToAddress: { address: { addressLine1: '1 Main St', country: 'US' } },
  orderLines: [{ productCode: 'P', quantity: 2 }],
};

describe('normalizeKeys', () => {
  it('reads PascalCase members at any depth as camelCase', () => {
    expect(normalizeKeys({ PrimaryReference: 'A', OrderLines: [{ ProductCode: 'P', Quantity: 1 }] })).toEqual(
      { primaryReference: 'A', orderLines: [{ productCode: 'P', quantity: 1 }] },
    );
  });

  it('prefers the camelCase member when both spellings are sent', () => {
    expect(normalizeKeys({ Note: 'pascal', note: 'camel' })).toEqual({ note: 'camel' });
  });

  /** The copy key by key that normalizeKeys made of every body before it returned camelCase bodies as they are. */
  function copiedKeys(value: unknown): unknown {
    if (Array.isArray(value)) return value.map(copiedKeys);
    if (value === null || typeof value !== 'object') return value;
    const out: Record<string, unknown> = {};
    for (const [key, member] of Object.entries(value)) {
      const camel = camelCaseName(key);
      if (camel !== key && Object.hasOwn(value, camel)) continue;
      Object.defineProperty(out, camel, {
        value: copiedKeys(member),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  }

  it('reads any JSON body as the copy key by key did, camelCase or not', () => {
    const key = fc.oneof(
      fc.constantFrom(
        'a',
        'A',
        'aB',
        'Ab',
        'note',
        'Note',
        '__proto__',
        '__Proto__',
        'É',
        'é',
        'İd',
        '1',
        '',
        'Z',
      ),
      fc.string({ maxLength: 4 }),
    );
    const { value } = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        fc.oneof(fc.string({ maxLength: 3 }), fc.integer(), fc.boolean(), fc.constant(null)),
        fc.array(tie('value'), { maxLength: 4 }),
        fc.dictionary(key, tie('value'), { maxKeys: 5 }),
      ),
    }));
    fc.assert(
      fc.property(value, (generated) => {
        // Through JSON text, as the body arrives: __proto__ is then an own member, never the prototype.
        const body = JSON.parse(JSON.stringify(generated));
        const read = normalizeKeys(body);
        const copied = copiedKeys(JSON.parse(JSON.stringify(generated)));
        expect(JSON.stringify(read)).toBe(JSON.stringify(copied));
        expect(read).toStrictEqual(copied);
      }),
      { numRuns: 2_000 },
    );
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

describe('limits', () => {
  const problems = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    (result.error?.issues ?? []).map((issue) => `${issue.path.join('/')}: ${issue.message}`);

  it('refuses text and lists over their limits, saying the limit in words', () => {
    const line = order.orderLines[0];
    const result = orderInputSchema.safeParse({
      ...order,
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
      ...order,
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

describe('identifiers', () => {
  const product = { productDescription: 'd', productUnit: 'UNT' };

  it.each([
    ['a right-to-left override', 'SKU-\u202e1-A'],
    ['a left-to-right isolate', 'SKU\u2066-1'],
    ['a right-to-left mark', 'SKU\u200f1'],
    ['an Arabic letter mark', '\u061cSKU1'],
  ])('refuse %s, which would make one code look like another', (_name, productCode) => {
    const result = productCreateSchema.safeParse({ ...product, productCode });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Must not contain invisible direction-control characters',
    ]);
  });

  it('refuse control characters inside, and trim spaces and line breaks at the ends', () => {
    for (const productCode of ['SKU\u00001', 'SKU\t1', 'SKU\u00851']) {
      expect(productCreateSchema.safeParse({ ...product, productCode }).error?.issues[0]?.message).toBe(
        'Must not contain control characters such as tabs or line breaks',
      );
    }
    expect(productCreateSchema.parse({ ...product, productCode: ' SKU-1\n' }).productCode).toBe('SKU-1');
  });

  it('cover references, warehouse codes and attribute keys and values, but not free text', () => {
    const hidden = 'X\u202eY';
    const result = orderInputSchema.safeParse({
      warehouseCode: hidden,
      primaryReference: hidden,
      secondaryReference: hidden,
      note: hidden,
      shipToAddress: { address: { addressLine1: hidden, country: 'US' } },
      orderLines: [{ productCode: 'P', quantity: 1, partAttributes: [{ key: hidden, value: hidden }] }],
      additionalReferences: [{ key: hidden, value: hidden }],
    });
    expect(result.error?.issues.map((issue) => issue.path.join('/')).sort()).toEqual([
      'additionalReferences/0/key',
      'additionalReferences/0/value',
      'orderLines/0/partAttributes/0/key',
      'orderLines/0/partAttributes/0/value',
      'primaryReference',
      'secondaryReference',
      'warehouseCode',
    ]);
  });
});

describe('ISO dates', () => {
  it('refuses days a month does not have, in dates and in timestamps', () => {
    for (const value of ['2023-02-30', '2023-02-29', '2026-04-31', '2023-02-30T10:00:00Z']) {
      expect(isoDateOrTimestampSchema.safeParse(value).success, value).toBe(false);
    }
    for (const value of ['2024-02-29', '2026-11-22', '2026-11-22T14:00:00Z', '2026-11-22T14:00:00+01:00']) {
      expect(isoDateOrTimestampSchema.safeParse(value).success, value).toBe(true);
    }
  });
});
