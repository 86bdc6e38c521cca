import { describe, expect, it } from 'vitest';
import { readChoice, readDay, readPositiveInteger, readText, readTextList } from './search-params';

describe('search param readers', () => {
  it('reads text trimmed, numbers as text, and nothing else', () => {
    expect(readText('  SO-1 ')).toBe('SO-1');
    expect(readText(100003)).toBe('100003');
    expect(readText('   ')).toBeUndefined();
    expect(readText(['SO-1'])).toBeUndefined();
    expect(readText(Number.NaN)).toBeUndefined();
  });

  it('reads a choice as it is or as the text of a number', () => {
    expect(readChoice('FIN', ['PRS', 'FIN'] as const)).toBe('FIN');
    expect(readChoice('fin', ['PRS', 'FIN'] as const)).toBeUndefined();
    expect(readChoice('50', [10, 50] as const)).toBe(50);
    expect(readChoice(50, [10, 25] as const)).toBeUndefined();
  });

  it('reads only calendar days that exist', () => {
    expect(readDay('2028-02-29')).toBe('2028-02-29');
    expect(readDay('2026-02-29')).toBeUndefined();
    expect(readDay('2026-13-01')).toBeUndefined();
    expect(readDay('2026-11-1')).toBeUndefined();
    expect(readDay('2026-11-01T00:00:00Z')).toBeUndefined();
    expect(readDay(20261101)).toBeUndefined();
  });

  it('reads whole numbers from 1 up', () => {
    expect(readPositiveInteger(3)).toBe(3);
    expect(readPositiveInteger('3')).toBe(3);
    expect(readPositiveInteger(0)).toBeUndefined();
    expect(readPositiveInteger(2.5)).toBeUndefined();
    expect(readPositiveInteger('')).toBeUndefined();
    expect(readPositiveInteger(true)).toBeUndefined();
  });

  it('reads a list only when every item is text', () => {
    expect(readTextList(['a', 'b'])).toEqual(['a', 'b']);
    expect(readTextList(['a', 1])).toBeUndefined();
    expect(readTextList('a')).toBeUndefined();
  });
});
