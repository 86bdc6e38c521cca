import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayBefore, readerDay } from './reader-day';

describe('the reader’s day', () => {
  const zone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'America/New_York';
  });
  afterAll(() => {
    process.env.TZ = zone;
  });

  it('is today’s calendar day and the week of days up to its end, in the reader’s time', () => {
    expect(readerDay(new Date('2026-11-26T02:00:00Z'))).toEqual({
      today: '2026-11-25',
      weekFrom: '2026-11-19T05:00:00.000Z',
      weekTo: '2026-11-26T04:59:59.999Z',
    });
  });

  it('keeps whole days over a clock change', () => {
    // Clocks went forward on 2026-03-08: that week is an hour short of seven days.
    expect(readerDay(new Date('2026-03-10T15:00:00Z'))).toEqual({
      today: '2026-03-10',
      weekFrom: '2026-03-04T05:00:00.000Z',
      weekTo: '2026-03-11T03:59:59.999Z',
    });
    expect(dayBefore(new Date('2026-03-10T15:00:00Z'), 3).getDate()).toBe(7);
  });
});
