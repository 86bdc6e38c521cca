import { describe, expect, it } from 'vitest';
import { claimWindowOf, claimWindowWords } from './claim-window';
import { formatDate } from './format';

const finished = Date.parse('2026-11-20T15:00:00Z');
const day = 24 * 3_600_000;

describe('claimWindowOf', () => {
  it('counts the days left from when the receive was finalized, a part of a day as one', () => {
    expect(claimWindowOf(finished, 90, finished)).toEqual({ closesMs: finished + 90 * day, daysLeft: 90 });
    expect(claimWindowOf(finished, 90, finished + 89 * day + 1)?.daysLeft).toBe(1);
    expect(claimWindowOf(finished, 90, finished + 90 * day)?.daysLeft).toBe(0);
    expect(claimWindowOf(finished, 90, finished + 400 * day)?.daysLeft).toBe(0);
  });

  it('has no window before the receive is finalized', () => {
    expect(claimWindowOf(null, 90, finished)).toBeNull();
  });
});

describe('claimWindowWords', () => {
  const until = formatDate(new Date(finished + 30 * day).toISOString());

  it('says the days left and until when, or when it closed', () => {
    expect(claimWindowWords({ closesMs: finished + 30 * day, daysLeft: 12 })).toBe(
      `12 days left to claim (until ${until})`,
    );
    expect(claimWindowWords({ closesMs: finished + 30 * day, daysLeft: 1 })).toBe(
      `1 day left to claim (until ${until})`,
    );
    expect(claimWindowWords({ closesMs: finished + 30 * day, daysLeft: 0 })).toBe(
      `Claim window closed on ${until}`,
    );
  });
});
