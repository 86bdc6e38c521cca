import { expect, it } from 'vitest';
import { readInstant } from './read-instant';

it('reads a day as its first or last millisecond in UTC, and only days that exist', () => {
  expect(readInstant('2024-02-29', 'from')).toBe(Date.UTC(2024, 1, 29));
  expect(readInstant('2024-02-29', 'to')).toBe(Date.UTC(2024, 2, 1) - 1);
  for (const day of ['2023-02-29', '1900-02-29', '2026-04-31', '2026-13-01', '2026-1-1']) {
    expect(readInstant(day, 'from')).toBeNull();
  }
  expect(readInstant('2000-02-29', 'from')).toBe(Date.UTC(2000, 1, 29));
});

it('reads an instant with its offset, one without as UTC, and refuses times that do not exist', () => {
  expect(readInstant('2026-11-23T14:00:00+02:00', 'from')).toBe(Date.UTC(2026, 10, 23, 12));
  // A "+" the query string did not encode arrives as a space.
  expect(readInstant('2026-11-23T14:00:00 02:00', 'to')).toBe(Date.UTC(2026, 10, 23, 12));
  expect(readInstant('2026-11-23T14:00:00-05:30', 'from')).toBe(Date.UTC(2026, 10, 23, 19, 30));
  expect(readInstant('2026-11-23T14:00', 'from')).toBe(Date.UTC(2026, 10, 23, 14));
  expect(readInstant('2026-11-23T14:00:00.123456789Z', 'from')).toBe(Date.UTC(2026, 10, 23, 14, 0, 0, 123));
  for (const time of [
    '2026-11-23T24:00:00Z',
    '2026-11-23T23:60:00Z',
    '2026-02-30T10:00:00Z',
    '20261123T1400Z',
  ]) {
    expect(readInstant(time, 'from')).toBeNull();
  }
});
