import { describe, expect, it } from 'vitest';
import { daysPastEta, etaStanding } from './receive-eta';

const now = new Date('2026-11-22T15:30:00Z');

describe('etaStanding', () => {
  it('is overdue when the ETA day has passed and goods are still expected', () => {
    expect(etaStanding('2026-11-21', now, true)).toBe('overdue');
    expect(etaStanding('2026-11-21T23:59:00Z', now, true)).toBe('overdue');
  });

  it('is due today on the same calendar day, even earlier in the day', () => {
    expect(etaStanding('2026-11-22T08:00:00Z', now, true)).toBe('today');
    expect(etaStanding('2026-11-22', now, true)).toBe('today');
  });

  it('is upcoming for a later day', () => {
    expect(etaStanding('2026-11-23T00:00:00Z', now, true)).toBe('upcoming');
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
    expect(daysPastEta('2026-11-19T22:00:00Z', now)).toBe(3);
    expect(daysPastEta('2026-11-22', now)).toBe(0);
    expect(daysPastEta('2026-11-24', now)).toBe(-2);
  });
});
