import { describe, expect, it } from 'vitest';
import { placeServerErrors, pointerToFieldName } from './form-errors';

const item = (pointer: string | undefined, detail: string) => ({
  status: '400',
  code: 'validation_failed',
  title: 'Invalid',
  detail,
  source: pointer === undefined ? undefined : { pointer },
});

describe('pointerToFieldName', () => {
  it('turns a JSON pointer into a react-hook-form path', () => {
    expect(pointerToFieldName('/productAttributes/0/key')).toBe('productAttributes.0.key');
    expect(pointerToFieldName('/a~1b/c~0d')).toBe('a/b.c~d');
  });
});

describe('placeServerErrors', () => {
  const fields = new Set(['productCode', 'productAttributes.0.key']);
  const isField = (name: string) => fields.has(name);

  it('puts errors on the fields their pointers name, PascalCase included', () => {
    const placed = placeServerErrors(
      [item('/productCode', 'Code exists'), item('/ProductAttributes/0/Key', 'Unknown key')],
      isField,
    );
    expect(placed.fields).toEqual([
      { name: 'productCode', message: 'Code exists' },
      { name: 'productAttributes.0.key', message: 'Unknown key' },
    ]);
    expect(placed.general).toEqual([]);
  });

  it('keeps errors without a matching field for a form-level alert', () => {
    const placed = placeServerErrors([item(undefined, 'Upstream down'), item('/nowhere', 'Odd')], isField);
    expect(placed.fields).toEqual([]);
    expect(placed.general).toEqual(['Upstream down', 'Odd']);
  });
});
