import { describe, expect, it } from 'vitest';
import { oneAtATimePerKey } from './one-at-a-time';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('oneAtATimePerKey', () => {
  it('runs the tasks of one key one after another in arrival order, and other keys alongside', async () => {
    const run = oneAtATimePerKey();
    const events: string[] = [];
    const task = (name: string, ms: number) => async () => {
      events.push(`${name} starts`);
      await pause(ms);
      events.push(`${name} ends`);
      return name;
    };
    const results = await Promise.all([
      run('SO-1', task('a', 30)),
      run('SO-1', task('b', 1)),
      run('SO-2', task('c', 5)),
    ]);
    expect(results).toEqual(['a', 'b', 'c']);
    expect(events).toEqual(['a starts', 'c starts', 'c ends', 'a ends', 'b starts', 'b ends']);
  });

  it('goes on with the next task after one fails, and passes the failure to its caller', async () => {
    const run = oneAtATimePerKey();
    const failed = run('SO-1', async () => {
      await pause(5);
      throw new Error('upstream down');
    });
    const next = run('SO-1', async () => 'next');
    await expect(failed).rejects.toThrow('upstream down');
    await expect(next).resolves.toBe('next');
  });
});
