import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refusal, stubFetch } from '../../testing/stub-fetch';
import { findByReference } from './find-by-reference';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Every lookup finds nothing; the paths asked are recorded. */
function stubLookups() {
  const asked: string[] = [];
  stubFetch(({ path }) => {
    asked.push(path);
    return path.startsWith('/api/index/records/')
      ? refusal(404, [{ code: 'not_found', title: 'Nowhere' }])
      : { [path.split('/').at(-1) as string]: [] };
  });
  return asked;
}

describe('findByReference', () => {
  const queryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

  it('does not ask for what is longer than any reference or product code can be', async () => {
    const asked = stubLookups();
    await expect(findByReference(queryClient(), 'X'.repeat(101))).resolves.toEqual([]);
    expect(asked).toEqual([]);
    await expect(findByReference(queryClient(), 'X'.repeat(36))).resolves.toEqual([]);
    const code = 'X'.repeat(36);
    expect(asked.sort()).toEqual([`/api/index/records/order/${code}`, `/api/index/records/receive/${code}`]);
  });
});
