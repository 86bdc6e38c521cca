import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayPartOrder,
  dayPattern,
  firstDayOfWeek,
  formatDayForReader,
  formatDayRange,
  readTypedDay,
  startOfWeek,
} from './typed-day';

describe('readTypedDay', () => {
  it.each([
    ['en-US', '11/23/2026', '2026-11-23'],
    ['en-US', '1/2/2026', '2026-01-02'],
    ['en-US', '01-02-2026', '2026-01-02'],
    ['en-GB', '23/11/2026', '2026-11-23'],
    ['en-GB', '1/2/2026', '2026-02-01'],
    ['de-DE', '23.11.2026', '2026-11-23'],
    ['de-DE', '1.2.2026', '2026-02-01'],
    ['en-US', '2026-11-23', '2026-11-23'],
    ['en-GB', '2026-11-23', '2026-11-23'],
    ['de-DE', ' 2026-11-23 ', '2026-11-23'],
    ['en-GB', '29/02/2028', '2028-02-29'],
  ])('reads %s %s as %s', (locale, typed, day) => {
    expect(readTypedDay(typed, locale)).toEqual({ day });
  });

  it('resolves an ambiguous day by the locale', () => {
    expect(readTypedDay('03/04/2026', 'en-US')).toEqual({ day: '2026-03-04' });
    expect(readTypedDay('03/04/2026', 'en-GB')).toEqual({ day: '2026-04-03' });
    expect(readTypedDay('03.04.2026', 'de-DE')).toEqual({ day: '2026-04-03' });
  });

  it.each([
    ['en-GB', '31/02/2026'],
    ['en-US', '02/31/2026'],
    ['en-US', '23/11/2026'],
    ['de-DE', '29.02.2026'],
    ['en-US', '2026-13-01'],
    ['en-US', '2026-02-30'],
    ['en-US', '11/23/20266'],
    ['en-US', '11/23/2026/1'],
    ['en-US', '111/23/2026'],
  ])('says %s %s is not a date', (locale, typed) => {
    expect(readTypedDay(typed, locale)).toEqual({ problem: `${typed} is not a date` });
  });

  it('names the format when the text is no date at all', () => {
    expect(readTypedDay('tomorrow', 'en-US')).toEqual({ problem: 'Type a date as MM/DD/YYYY' });
    expect(readTypedDay('23 Nov 2026', 'de-DE')).toEqual({ problem: 'Type a date as DD.MM.YYYY' });
  });

  it('waits while a day is half typed, a two-digit year included', () => {
    for (const typed of [
      '',
      '11',
      '11/23',
      '11/23/',
      '11/23/2',
      '11/23/20',
      '11/23/202',
      '2026-11',
      '2026-11-0',
    ])
      expect(readTypedDay(typed, 'en-US'), typed).toEqual({ unfinished: true });
  });
});

describe('formatDayForReader and dayPattern', () => {
  it.each([
    ['en-US', '11/23/2026', 'MM/DD/YYYY', ['month', 'day', 'year']],
    ['en-GB', '23/11/2026', 'DD/MM/YYYY', ['day', 'month', 'year']],
    ['de-DE', '23.11.2026', 'DD.MM.YYYY', ['day', 'month', 'year']],
  ])('writes a day the %s way', (locale, written, pattern, order) => {
    expect(formatDayForReader('2026-11-23', locale)).toBe(written);
    expect(dayPattern(locale)).toBe(pattern);
    expect(dayPartOrder(locale)).toEqual(order);
    expect(readTypedDay(written, locale)).toEqual({ day: '2026-11-23' });
  });
});

describe('weeks', () => {
  it("starts the week on the locale's first day", () => {
    expect(firstDayOfWeek('en-US')).toBe(7);
    expect(firstDayOfWeek('en-GB')).toBe(1);
    expect(firstDayOfWeek('de-DE')).toBe(1);
  });

  it('finds the first day of the week a day falls in', () => {
    // 2026-11-25 is a Wednesday.
    expect(startOfWeek('2026-11-25', 1)).toBe('2026-11-23');
    expect(startOfWeek('2026-11-25', 7)).toBe('2026-11-22');
    expect(startOfWeek('2026-11-22', 1)).toBe('2026-11-16');
    expect(startOfWeek('2026-11-22', 7)).toBe('2026-11-22');
    expect(startOfWeek('2026-11-23', 1)).toBe('2026-11-23');
    expect(startOfWeek('2027-01-01', 1)).toBe('2026-12-28');
  });
});

describe('formatDayRange', () => {
  // Intl puts thin spaces (U+2009) around the dash where the locale spaces it.
  it('writes a range of days as the locale does, a lone day alone', () => {
    expect(formatDayRange('2026-12-06', '2026-12-12', 'en-US')).toBe('Dec 6\u2009–\u200912');
    expect(formatDayRange('2026-12-06', '2026-12-12', 'en-GB')).toBe('6\u2009–\u200912 Dec');
    expect(formatDayRange('2026-11-29', '2026-12-05', 'en-US')).toBe('Nov 29\u2009–\u2009Dec 5');
    expect(formatDayRange('2026-12-07', '2026-12-07', 'en-US')).toBe('Dec 7');
  });

  it('gives a Monday in the US the week that began the day before, and in Britain the one it starts', () => {
    // 2026-12-07 is a Monday: "This week" is Dec 6 – 12 in the US, Dec 7 – 13 in Britain.
    const us = startOfWeek('2026-12-07', firstDayOfWeek('en-US'));
    expect(formatDayRange(us, addDays(us, 6), 'en-US')).toBe('Dec 6\u2009–\u200912');
    const gb = startOfWeek('2026-12-07', firstDayOfWeek('en-GB'));
    expect(formatDayRange(gb, addDays(gb, 6), 'en-GB')).toBe('7\u2009–\u200913 Dec');
  });
});
