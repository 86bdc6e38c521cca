import { describe, expect, it } from 'vitest';
import { elapsedWords } from './elapsed-words';

describe('elapsedWords', () => {
  it.each([
    [0, '0 s'],
    [59, '59 s'],
    [60, '1 min'],
    [3599, '59 min'],
    [3600, '1 h'],
    [86_399, '23 h'],
    [86_400, '1 day'],
    [200_000, '2 days'],
  ])('says %i seconds as %s', (seconds, words) => {
    expect(elapsedWords(seconds)).toBe(words);
  });
});
