import { describe, expect, it } from 'vitest';
import { deadline } from './deadline';

const aborted = (signal: AbortSignal) =>
  new Promise<unknown>((resolve) => signal.addEventListener('abort', () => resolve(signal.reason)));

describe('deadline', () => {
  it('aborts with a TimeoutError once the time is up', async () => {
    const started = Date.now();
    const { signal } = deadline(30);
    const reason = await aborted(signal);
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
    expect(reason).toBeInstanceOf(DOMException);
    expect((reason as DOMException).name).toBe('TimeoutError');
  });

  it('aborts with the other signal’s reason when that one aborts first, and at once if it already has', async () => {
    const stop = new AbortController();
    const { signal } = deadline(10_000, stop.signal);
    const reason = aborted(signal);
    stop.abort(new Error('stopping'));
    expect(await reason).toEqual(new Error('stopping'));

    const before = new AbortController();
    before.abort('gone');
    expect(deadline(10_000, before.signal).signal.reason).toBe('gone');
  });

  it('never aborts once cleared', async () => {
    const stop = new AbortController();
    const { signal, clear } = deadline(20, stop.signal);
    clear();
    stop.abort();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(signal.aborted).toBe(false);
  });
});
