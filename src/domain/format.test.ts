import { describe, expect, it } from 'vitest';
import { countOf, formatCalendarDay, formatDate, formatFirstOf, formatNumber, formatPrice } from './format';

describe('countOf', () => {
  it('names one thing in the singular and any other count in the plural', () => {
    expect(countOf(1, 'unit')).toBe('1 unit');
    expect(countOf(0, 'line')).toBe('0 lines');
    expect(countOf(2.5, 'unit')).toBe('2.5 units');
    expect(countOf(3, 'box', 'boxes')).toBe('3 boxes');
  });
});

describe('numbers, prices and dates in words', () => {
  it('puts thousands separators in quantities and keeps fractions', () => {
    expect(formatNumber(15900.5)).toBe('15,900.5');
    expect(countOf(12500, 'unit')).toBe('12,500 units');
  });

  it('writes prices in their currency, and leaves what is not a number or a code as sent', () => {
    expect(formatPrice('1234.5', 'USD')).toBe('$1,234.50');
    expect(formatPrice(3, 'EUR')).toBe('€3.00');
    expect(formatPrice('12.5', 'PTS')).toBe('PTS\u00a012.50');
    expect(formatPrice('12.5', 'points')).toBe('12.5 points');
    expect(formatPrice('n/a', 'USD')).toBe('n/a');
    expect(formatPrice('', 'USD')).toBe('');
  });

  it('writes a calendar day', () => {
    expect(formatDate('2026-11-23T12:00:00Z')).toBe('Nov 23, 2026');
    expect(formatDate('not a date')).toBe('not a date');
  });

  it('writes a day sent without a time as that day in every time zone', () => {
    const zone = process.env.TZ;
    try {
      process.env.TZ = 'America/Los_Angeles';
      expect(formatCalendarDay('2026-11-21')).toBe('Nov 21, 2026');
      expect(formatCalendarDay('2026-02-30x')).toBe('2026-02-30x');
    } finally {
      process.env.TZ = zone;
    }
  });
});

describe('formatFirstOf', () => {
  it('lists a few items and counts the rest', () => {
    expect(formatFirstOf(['A', 'B'])).toBe('A, B');
    expect(formatFirstOf(['A', 'B', 'C'], 2)).toBe('A, B and 1 more');
    expect(
      formatFirstOf(
        Array.from({ length: 1004 }, (_, index) => `P${index}`),
        1,
      ),
    ).toBe('P0 and 1,003 more');
  });
});
