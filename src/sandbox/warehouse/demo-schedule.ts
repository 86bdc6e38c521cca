import type { SeededRandom } from './seeded-random';

/** One operator action, `hoursAgo` before now, on the order's first, second or third shipment. */
export type PlannedStep = { hoursAgo: number; path: string; shipment?: 0 | 1 | 2; body?: unknown };

/** Each scenario of the demo week as many times as counted, in a seeded order. */
export function shuffledScenarios<S>(counts: [S, number][], random: SeededRandom): S[] {
  const copy = counts.flatMap(([scenario, count]) => Array.from({ length: count }, () => scenario));
  for (let index = copy.length - 1; index > 0; index--) {
    const other = random.int(0, index);
    [copy[index], copy[other]] = [copy[other] as S, copy[index] as S];
  }
  return copy;
}

export function hours(random: SeededRandom, min: number, max: number): number {
  return Math.round((min + random.next() * (max - min)) * 1000) / 1000;
}

/** The times of one document's steps: each between min and max hours after the one before, never past now. */
export function stepClock(hoursAgo: number, random: SeededRandom): (min: number, max: number) => number {
  let at = hoursAgo;
  return (min, max) => {
    at = Math.max(at - hours(random, min, max), 0.02);
    return at;
  };
}
