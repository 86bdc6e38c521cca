import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { createQueryClient, shouldRetryQuery } from './query-client';

function apiError(status: number, code: string) {
  return new ApiError(status, [{ status: String(status), code, title: code }]);
}

describe('query retries', () => {
  it('asks again at most twice when the server could not be reached', () => {
    const offline = apiError(0, 'network_error');
    expect(shouldRetryQuery(0, offline)).toBe(true);
    expect(shouldRetryQuery(1, offline)).toBe(true);
    expect(shouldRetryQuery(2, offline)).toBe(false);
  });

  it.each([
    [504, 'upstream_timeout'],
    [502, 'upstream_unreachable'],
    [502, 'upstream_invalid_response'],
    [500, 'internal_error'],
    [503, 'http_error'],
    [400, 'validation_failed'],
    [404, 'not_found'],
  ])('never asks again after an answer %i %s', (status, code) => {
    expect(shouldRetryQuery(0, apiError(status, code))).toBe(false);
  });

  it('never asks again after an error that is not a failed request', () => {
    expect(shouldRetryQuery(0, new TypeError('x is undefined'))).toBe(false);
  });

  it('is what every query of the app uses', () => {
    expect(createQueryClient().getDefaultOptions().queries?.retry).toBe(shouldRetryQuery);
  });
});
