import { describe, expect, it } from 'vitest';
import { calendarDayOf } from './day-timestamp';

describe('day timestamps', () => {
  it('reads a day back from a plain date or a midnight-UTC timestamp, and leaves other instants alone', () => {
    expect(calendarDayOf('2023-05-15')).toBe('2023-05-15');
    expect(calendarDayOf('2023-05-15T00:00:00+00:00')).toBe('2023-05-15');
    expect(calendarDayOf('2023-05-15T00:00:00.000Z')).toBe('2023-05-15');
    expect(calendarDayOf('2023-05-15T00:00:00-05:00')).toBeUndefined();
    expect(calendarDayOf('2023-05-15T14:00:00+00:00')).toBeUndefined();
  });
});
