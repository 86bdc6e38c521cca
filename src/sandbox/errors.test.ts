import { describe, expect, it } from 'vitest';
import { ApiProblem, errorEnvelope, MAX_LISTED_PROBLEMS, type Problem } from './errors';

const problems = (count: number, code: Problem['code'] = 'validation_failed'): Problem[] =>
  Array.from({ length: count }, (_, index) => ({
    code,
    detail: `Problem ${index}`,
    source: { pointer: `/orderLines/${index}/quantity` },
  }));

describe('errorEnvelope', () => {
  it('lists every problem while there are at most MAX_LISTED_PROBLEMS', () => {
    const { errors } = errorEnvelope(problems(MAX_LISTED_PROBLEMS));
    expect(errors).toHaveLength(MAX_LISTED_PROBLEMS);
    expect(errors.map((error) => error.code)).not.toContain('too_many_problems');
  });

  it('lists the first problems, then one item saying how many more there were, with the same status', () => {
    const { errors } = errorEnvelope(problems(1254));
    expect(errors).toHaveLength(MAX_LISTED_PROBLEMS + 1);
    expect(errors[0]).toMatchObject({ detail: 'Problem 0', source: { pointer: '/orderLines/0/quantity' } });
    expect(errors.at(-1)).toEqual({
      id: expect.any(String),
      status: '400',
      code: 'too_many_problems',
      title: 'Too many problems',
      detail: '1,234 more problems are not listed',
      source: { pointer: '/' },
    });
    expect(errorEnvelope(problems(MAX_LISTED_PROBLEMS + 1, 'conflict')).errors.at(-1)).toMatchObject({
      status: '409',
      detail: '1 more problem is not listed',
    });
  });

  it('keeps the status of the problems, and a short message, on the refusal itself', () => {
    const refusal = new ApiProblem(problems(100_000, 'conflict'));
    expect(refusal.status).toBe(409);
    expect(refusal.message.split('; ')).toHaveLength(MAX_LISTED_PROBLEMS);
  });
});
