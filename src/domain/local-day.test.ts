import { describe, expect, it } from 'vitest';
import { endOfLocalDay, localDay, startOfLocalDay } from './local-day';

describe('local days', () => {
  it('spans a local calendar day from its first to its last instant', () => {
    const start = new Date(startOfLocalDay('2026-11-01'));
    const end = new Date(endOfLocalDay('2026-11-02'));
    expect([start.getDate(), start.getHours(), start.getMinutes()]).toEqual([1, 0, 0]);
    expect([end.getDate(), end.getHours(), end.getMinutes(), end.getMilliseconds()]).toEqual([
      2, 23, 59, 999,
    ]);
  });

  it('names the local day of an instant', () => {
    expect(localDay(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
    expect(localDay(new Date(startOfLocalDay('2026-12-31')))).toBe('2026-12-31');
  });
});
