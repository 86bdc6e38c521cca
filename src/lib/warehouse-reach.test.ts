import { describe, expect, it } from 'vitest';
import type { WarehouseReach } from '@/contract/warehouse-reach';
import { silenceBannerWords, silenceMarkWords } from './warehouse-reach';

// Local times, so the words read the same in any time zone the tests run in.
const lastAnswered = new Date(2026, 10, 27, 10, 24);
const silence: WarehouseReach = {
  answering: false,
  lastAnsweredAt: lastAnswered.toISOString(),
  consoleStartedAt: new Date(2026, 10, 27, 8, 0).toISOString(),
  problem: 'the warehouse service cannot be reached',
};
const sameDay = new Date(2026, 10, 27, 11, 0);
const nextDay = new Date(2026, 10, 28, 9, 0);

describe('the banner while the warehouse does not answer', () => {
  it('says since when, by the time alone on the same day, and that the pages show the console’s copy', () => {
    const { title } = silenceBannerWords(silence, { now: sameDay, readsSettings: false });
    expect(title).toMatch(
      /^The warehouse has not answered since 10:24\s?AM; you see the console's copy from then\.$/,
    );
  });

  it('gives the date too once the day has changed', () => {
    const { title } = silenceBannerWords(silence, { now: nextDay, readsSettings: false });
    expect(title).toMatch(/since Nov 27, 2026, 10:24\s?AM;/);
  });

  it('counts from the console’s start when the warehouse never answered', () => {
    const { title } = silenceBannerWords(
      { ...silence, lastAnsweredAt: null },
      { now: sameDay, readsSettings: false },
    );
    expect(title).toMatch(
      /^The warehouse has not answered since the console started at 8:00\s?AM; you see the console's copy\.$/,
    );
  });

  it('names what to check to administrators only; others read a plain sentence naming no setting', () => {
    const forOthers = silenceBannerWords(silence, { now: sameDay, readsSettings: false }).detail;
    const forAdministrators = silenceBannerWords(silence, { now: sameDay, readsSettings: true }).detail;
    expect(forOthers).toBe(
      'The warehouse cannot be reached; an administrator has been told. This goes away once it answers again.',
    );
    expect(forOthers).not.toMatch(/[A-Z]{2,}_[A-Z]/);
    expect(forAdministrators).toMatch(
      /^Last problem: the warehouse service cannot be reached\. Check WAREHOUSE_BASE_URL and that the service is running/,
    );
  });
});

describe('the mark on lists and search results', () => {
  it('says they are the console’s copy, and since when the warehouse has not answered', () => {
    expect(silenceMarkWords(silence, sameDay)).toMatch(
      /^The console's copy: the warehouse has not answered since 10:24\s?AM\.$/,
    );
  });
});
