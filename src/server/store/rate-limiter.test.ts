import { expect, it } from 'vitest';
import { createRateLimiter } from './rate-limiter';

it('allows `limit` events a window per key, then says how long to wait, and forgets on reset', () => {
  let clock = 0;
  const limiter = createRateLimiter({ limit: 2, windowMs: 1000, now: () => clock });
  limiter.hit('a');
  expect(limiter.retryAfterMs('a')).toBe(0);
  limiter.hit('a');
  clock = 400;
  expect(limiter.retryAfterMs('a')).toBe(600);
  expect(limiter.retryAfterMs('b')).toBe(0);
  clock = 1000;
  expect(limiter.retryAfterMs('a')).toBe(0);
  limiter.hit('a');
  limiter.hit('a');
  limiter.reset('a');
  expect(limiter.retryAfterMs('a')).toBe(0);
});

it('holds at most maxKeys windows, dropping the oldest first', () => {
  const limiter = createRateLimiter({ limit: 1, windowMs: 1000, maxKeys: 3, now: () => 0 });
  for (const key of ['a', 'b', 'c', 'd']) limiter.hit(key);
  expect(limiter.retryAfterMs('a')).toBe(0);
  expect(limiter.retryAfterMs('d')).toBe(1000);
});

it('reserves attempts up to the limit in one step, refusing past it, and gives one back on release', () => {
  let clock = 0;
  const limiter = createRateLimiter({ limit: 2, windowMs: 1000, now: () => clock });
  expect([limiter.reserve('a'), limiter.reserve('a'), limiter.reserve('a')]).toEqual([0, 0, 1000]);
  limiter.release('a');
  clock = 300;
  expect(limiter.reserve('a')).toBe(0);
  expect(limiter.reserve('a')).toBe(700);
});
