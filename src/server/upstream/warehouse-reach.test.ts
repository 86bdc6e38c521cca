import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WarehouseReach } from '../../contract/warehouse-reach';
import { createWarehouseReach } from './warehouse-reach';

const minute = 60_000;
const started = Date.UTC(2026, 10, 27, 10, 0);

/** A tracker on a fake clock (quiet after five minutes), with what its listeners and log heard. */
function trackerAt(startMs = started) {
  vi.useFakeTimers({ now: startMs });
  const heard: WarehouseReach[] = [];
  const logged: string[] = [];
  const reach = createWarehouseReach({ quietMs: 5 * minute, log: (line) => logged.push(line) });
  reach.follow((current) => heard.push(current));
  return { reach, heard, logged };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('whether the warehouse answers', () => {
  it('answers while calls succeed, and while failures are younger than one sync interval', () => {
    const { reach, heard } = trackerAt();
    reach.answered();
    vi.advanceTimersByTime(4 * minute);
    reach.failed('the warehouse service cannot be reached');
    expect(reach.current()).toMatchObject({ answering: true, lastAnsweredAt: '2026-11-27T10:00:00.000Z' });
    expect(heard).toEqual([]);
  });

  it('stops answering once a call failed and nothing answered for longer than one interval, with no call needed then', () => {
    const { reach, heard, logged } = trackerAt();
    reach.answered();
    vi.advanceTimersByTime(2 * minute);
    reach.failed('the warehouse service cannot be reached');
    vi.advanceTimersByTime(3 * minute);
    expect(heard).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(heard).toEqual([
      {
        answering: false,
        lastAnsweredAt: '2026-11-27T10:00:00.000Z',
        consoleStartedAt: '2026-11-27T10:00:00.000Z',
        problem: 'the warehouse service cannot be reached',
      },
    ]);
    expect(reach.current().answering).toBe(false);
    expect(logged).toEqual([
      'warehouse: no answer since 2026-11-27T10:00:00.000Z (the warehouse service cannot be reached); pages say so',
    ]);
  });

  it('says so at once when the failing call comes after the interval, and once only', () => {
    const { reach, heard } = trackerAt();
    reach.answered();
    vi.advanceTimersByTime(6 * minute);
    reach.failed('the warehouse service did not answer within 15 s');
    reach.failed('the warehouse service cannot be reached');
    expect(heard.map(({ answering, problem }) => ({ answering, problem }))).toEqual([
      { answering: false, problem: 'the warehouse service did not answer within 15 s' },
    ]);
    expect(reach.current().problem).toBe('the warehouse service cannot be reached');
  });

  it('answers again with the next answer, and listeners hear it', () => {
    const { reach, heard, logged } = trackerAt();
    vi.advanceTimersByTime(6 * minute);
    reach.failed('the warehouse service cannot be reached');
    vi.advanceTimersByTime(minute);
    reach.answered();
    expect(heard.map(({ answering }) => answering)).toEqual([false, true]);
    expect(reach.current()).toEqual({
      answering: true,
      lastAnsweredAt: '2026-11-27T10:07:00.000Z',
      consoleStartedAt: '2026-11-27T10:00:00.000Z',
      problem: null,
    });
    expect(logged.at(-1)).toBe('warehouse: answering again');
  });

  it('counts from the start when the warehouse never answered, and says so', () => {
    const { reach, heard, logged } = trackerAt();
    reach.failed('the warehouse service cannot be reached');
    vi.advanceTimersByTime(5 * minute + 1);
    expect(heard).toEqual([expect.objectContaining({ answering: false, lastAnsweredAt: null })]);
    expect(logged[0]).toMatch(/^warehouse: no answer since the start \(2026-11-27T10:00:00.000Z\)/);
  });

  it('never stops answering while nothing fails, however long it is quiet', () => {
    const { reach, heard } = trackerAt();
    reach.answered();
    vi.advanceTimersByTime(60 * minute);
    expect(reach.current().answering).toBe(true);
    expect(heard).toEqual([]);
  });

  it('does not say it stopped when an answer came before the interval ran out', () => {
    const { reach, heard } = trackerAt();
    reach.answered();
    reach.failed('the warehouse service cannot be reached');
    vi.advanceTimersByTime(2 * minute);
    reach.answered();
    vi.advanceTimersByTime(10 * minute);
    expect(heard).toEqual([]);
  });

  it('stops telling a listener that stopped following', () => {
    const { reach, heard } = trackerAt();
    const later: WarehouseReach[] = [];
    const stop = reach.follow((current) => later.push(current));
    stop();
    vi.advanceTimersByTime(6 * minute);
    reach.failed('the warehouse service cannot be reached');
    expect(heard).toHaveLength(1);
    expect(later).toEqual([]);
  });
});
