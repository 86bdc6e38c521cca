import { expect } from 'vitest';
import { envelopeSchema } from '../../../contract/envelope';
import { indexListPageSchema, orderListRowSchema, receiveListRowSchema } from '../../../contract/index-lists';
import { consoleWithRecords } from './list-fixtures';

// Reading a list of the index page by page, and the order each of its sorts should give.

export const orderPageSchema = envelopeSchema(indexListPageSchema(orderListRowSchema));
export const receivePageSchema = envelopeSchema(indexListPageSchema(receiveListRowSchema));

/** Every page of a list, `limit` rows at a time, following nextCursor to the end. */
export async function walk(
  get: Awaited<ReturnType<typeof consoleWithRecords>>['get'],
  path: '/api/index/orders' | '/api/index/receives',
  query: Record<string, string>,
  limit = 3,
) {
  const references: string[] = [];
  const totals = new Set<number>();
  let cursor: string | null = null;
  for (let pages = 0; pages < 50; pages++) {
    const params = new URLSearchParams({ ...query, limit: String(limit), ...(cursor ? { cursor } : {}) });
    const response = await get(`${path}?${params}`);
    expect(response.status).toBe(200);
    const schema = path === '/api/index/orders' ? orderPageSchema : receivePageSchema;
    const { data } = schema.parse(await response.json());
    expect(data.rows.length).toBeLessThanOrEqual(limit);
    references.push(...data.rows.map((row) => row.reference));
    totals.add(data.total);
    cursor = data.nextCursor;
    if (cursor === null) break;
  }
  expect(cursor).toBeNull();
  return { references, totals: [...totals] };
}

/** Every page of a list holds the `expected` references in their order, and each counts them all. */
export async function expectListed(
  path: '/api/index/orders' | '/api/index/receives',
  query: Record<string, string>,
  expected: string[],
) {
  expect(expected.length).toBeGreaterThan(0);
  const { references, totals } = await walk((await consoleWithRecords()).get, path, query);
  expect(references).toEqual(expected);
  expect(totals).toEqual([expected.length]);
}

type Case = { number: number; reference: string; state: string; dueMs: number | null; updatedMs: number };

/** The order a sort should give, ties broken by the record's id (the number, as filled in order). */
export function sorted<T extends Case>(
  cases: T[],
  key: (c: T) => (string | number)[],
  direction: 'asc' | 'desc',
) {
  const sign = direction === 'asc' ? 1 : -1;
  const compare = (a: T, b: T) => {
    const [left, right] = [
      [...key(a), a.number],
      [...key(b), b.number],
    ];
    for (let i = 0; i < left.length; i++) {
      if (left[i] !== right[i])
        return (left[i] as string | number) < (right[i] as string | number) ? -sign : sign;
    }
    return 0;
  };
  return [...cases].sort(compare);
}

export const newestFirst = <T extends Case>(cases: T[]) =>
  sorted(cases, (c) => [c.updatedMs], 'desc').map((c) => c.reference);

/** Dated records first in either direction, then the undated ones by id. */
export function byDue<T extends Case>(cases: T[], direction: 'asc' | 'desc') {
  const dated = sorted(
    cases.filter((c) => c.dueMs !== null),
    (c) => [c.dueMs as number],
    direction,
  );
  const undated = sorted(
    cases.filter((c) => c.dueMs === null),
    () => [],
    direction,
  );
  return [...dated, ...undated].map((c) => c.reference);
}
