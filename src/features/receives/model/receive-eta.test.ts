import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysPastEta, etaStanding } from './receive-eta';

// Times are built in local time, so the cases hold in any zone the tests run in.
const at = (day: number, hours: number, minutes = 0) => new Date(2026, 10, day, hours, minutes);
const now = at(22, 15, 30);

describe('etaStanding', () => {
  it('is overdue when the ETA day has passed and goods are still expected', () => {
    expect(etaStanding('2026-11-21', now, true)).toBe('overdue');
    expect(etaStanding(at(21, 23, 59).toISOString(), now, true)).toBe('overdue');
  });

  it('is due today on the same calendar day, even earlier in the day', () => {
    expect(etaStanding(at(22, 8).toISOString(), now, true)).toBe('today');
    expect(etaStanding('2026-11-22', now, true)).toBe('today');
  });

  it('is upcoming for a later day', () => {
    expect(etaStanding(at(23, 0).toISOString(), now, true)).toBe('upcoming');
  });

  it('is settled once nothing more is expected, and none without a readable ETA', () => {
    expect(etaStanding('2026-11-01', now, false)).toBe('settled');
    expect(etaStanding(undefined, now, true)).toBe('none');
    expect(etaStanding(null, now, true)).toBe('none');
    expect(etaStanding('next week', now, true)).toBe('none');
  });
});

describe('daysPastEta', () => {
  it('counts calendar days', () => {
    expect(daysPastEta(at(19, 22).toISOString(), now)).toBe(3);
    expect(daysPastEta('2026-11-22', now)).toBe(0);
    expect(daysPastEta('2026-11-24', now)).toBe(-2);
  });
});

describe('in a zone behind UTC', () => {
  const zone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'America/New_York';
  });
  afterAll(() => {
    process.env.TZ = zone;
  });

  it('reads days where the reader is, not in UTC', () => {
    // 22 November, 11 pm in New York: already the 23rd in UTC.
    const lateEvening = new Date('2026-11-23T04:00:00Z');
    expect(etaStanding('2026-11-22', lateEvening, true)).toBe('today');
    expect(etaStanding('2026-11-23', lateEvening, true)).toBe('upcoming');
    // 8 pm on the 21st in New York, 1 am on the 22nd in UTC.
    expect(etaStanding('2026-11-22T01:00:00Z', lateEvening, true)).toBe('overdue');
    expect(daysPastEta('2026-11-22T01:00:00Z', lateEvening)).toBe(1);
    expect(daysPastEta('2026-11-20', lateEvening)).toBe(2);
  });
});
