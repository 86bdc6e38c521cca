import { describe, expect, it } from 'vitest';
import { compactForm, matchedParts, wordsOf } from './search-text';

describe('search text', () => {
  it('compares without case, accents or signs', () => {
    expect(compactForm('#SO-100003')).toBe('so100003');
    expect(wordsOf('Zoë  Müller-Lüdenscheidt')).toEqual(['zoe', 'muller', 'ludenscheidt']);
  });

  it.each([
    ['WEB-2837551', '#web-2837551', ['WEB-2837551']],
    ['WEB-2837551', 'web 28', ['WEB-28']],
    ['jordan.ellis@example.com', 'Jordan.Ellis@', ['jordan.ellis']],
    ['+1 (555) 010-2030', '555 010 2030', ['555) 010-2030']],
    ['+33 1 99 50 84 69', '01 99 50 84 69', ['1 99 50 84 69']],
    ['Zoë Müller', 'zoe', ['Zoë']],
    ['Jordan Ellis', 'ellis jor', ['Ellis', 'Jor']],
    ['Jordan Ellis', 'nothing', []],
  ])('finds in %s what %s matched', (value, typed, parts) => {
    expect(matchedParts(value, typed)).toEqual(parts);
  });
});
