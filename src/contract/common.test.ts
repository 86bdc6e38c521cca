import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { camelCaseName, isoDateOrTimestampSchema, normalizeKeys } from './common';
import { orderInputSchema } from './order';
import { productCreateSchema } from './product';

describe('normalizeKeys', () => {
  it('reads PascalCase members at any depth as camelCase', () => {
    expect(normalizeKeys({ PrimaryReference: 'A', OrderLines: [{ ProductCode: 'P', Quantity: 1 }] })).toEqual(
      { primaryReference: 'A', orderLines: [{ productCode: 'P', quantity: 1 }] },
    );
  });

  it('prefers the camelCase member when both spellings are sent', () => {
    expect(normalizeKeys({ Note: 'pascal', note: 'camel' })).toEqual({ note: 'camel' });
  });

  /**
   * The copy key by key that normalizeKeys made of every body before it returned camelCase bodies as they
   * are.
   */
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
