import { describe, expect, it } from 'vitest';
import { countOf } from './format';

describe('countOf', () => {
  it('names one thing in the singular and any other count in the plural', () => {
    expect(countOf(1, 'unit')).toBe('1 unit');
    expect(countOf(0, 'line')).toBe('0 lines');
    expect(countOf(2.5, 'unit')).toBe('2.5 units');
    expect(countOf(3, 'box', 'boxes')).toBe('3 boxes');
  });
});
