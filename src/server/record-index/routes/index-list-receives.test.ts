import { describe, expect, it } from 'vitest';
import { searchPageSchema } from '../../../contract/index-search';
import { consoleWithRecords, type ReceiveCase, receiveCases, updatedAt } from '../testing/list-fixtures';
import { byDue, expectListed, newestFirst, receivePageSchema, sorted } from '../testing/list-paging';

describe('the receives list', () => {
  const receivesOnly = receiveCases.filter((c) => c.kind === 'receive');
  const filters: [string, Record<string, string>, (c: ReceiveCase) => boolean][] = [
    ['nothing: receives, not returns', {}, (c) => c.kind === 'receive'],
    ['kind: returns', { kind: 'return' }, (c) => c.kind === 'return'],
    ['status', { status: 'FIN' }, (c) => c.kind === 'receive' && c.status === 'FIN'],
    [
      'completeness state',
      { state: 'partial,over' },
      (c) => c.kind === 'receive' && ['partial', 'over'].includes(c.state),
    ],
    ['short', { discrepancy: 'short' }, (c) => c.kind === 'receive' && c.state === 'short'],
    ['over', { discrepancy: 'over' }, (c) => c.kind === 'receive' && c.state === 'over'],
    ['either', { discrepancy: 'any' }, (c) => c.kind === 'receive' && ['short', 'over'].includes(c.state)],
    ['warehouse', { warehouse: 'DFW' }, (c) => c.kind === 'receive' && c.warehouse === 'DFW'],
    [
      'ETA',
      { etaFrom: '2026-11-12', etaTo: '2026-11-15T00:00:00Z' },
      (c) =>
        c.kind === 'receive' &&
        c.dueMs !== null &&
        c.dueMs >= Date.parse('2026-11-12') &&
        c.dueMs <= Date.parse('2026-11-15'),
    ],
    [
      'updated, returns',
      { kind: 'return', updatedFrom: '2026-11-20', updatedTo: updatedAt(7) },
      (c) => c.kind === 'return' && c.updatedMs <= Date.parse(updatedAt(7)),
    ],
  ];

  it.each(filters)('filters by %s', (_name, query, matches) =>
    expectListed('/api/index/receives', query, newestFirst(receiveCases.filter(matches))),
  );

  it('shows a receive as a list does, its completeness as the state', async () => {
    const { get } = await consoleWithRecords();
    const { data } = receivePageSchema.parse(
      await (await get('/api/index/receives?sort=reference&limit=5')).json(),
    );
    expect(data.rows[3]).toEqual({
      reference: 'PO-04',
      kind: 'receive',
      status: 'FIN',
      state: 'short',
      warehouse: 'LAW',
      sender: 'Sender 4',
      originalOrder: '',
      reason: '',
      eta: null,
      finalized: '2026-11-20T09:02:00.000Z',
      updated: '2026-11-20T09:02:00.000Z',
      announced: 14,
      received: 10,
      short: true,
      over: false,
      unitsShort: 4,
      unitsOver: 0,
    });
    expect(data.rows.map((row) => row.state)).toEqual(receivesOnly.slice(0, 5).map((c) => c.state));
  });

  it("shows a return's original order and its first line's reason, and finds it by either", async () => {
    const { get } = await consoleWithRecords();
    const { data } = receivePageSchema.parse(
      await (await get('/api/index/receives?kind=return&sort=reference&limit=1')).json(),
    );
    expect(data.rows[0]).toMatchObject({ reference: 'RMA-13', originalOrder: 'SO-13', reason: 'Damaged' });
    const search = async (q: string) =>
      searchPageSchema.parse((await (await get(`/api/search?q=${q}&kind=return`)).json()).data).matches;
    expect(await search('SO-14')).toMatchObject([
      { primaryReference: 'RMA-14', matchedField: 'additionalReferences.originalOrder' },
    ]);
    const wrongItem = await search('wrong%20item');
    expect(wrongItem.map((match) => match.primaryReference).sort()).toEqual([
      'RMA-13',
      'RMA-14',
      'RMA-15',
      'RMA-16',
    ]);
    expect(wrongItem[0]?.matchedField).toBe('returnReason');
  });

  const receiveSorts: [string, 'asc' | 'desc', (direction: 'asc' | 'desc') => string[]][] = (
    ['asc', 'desc'] as const
  ).flatMap((direction) => [
    ['updated', direction, (d) => sorted(receivesOnly, (c) => [c.updatedMs], d).map((c) => c.reference)],
    ['eta', direction, (d) => byDue(receivesOnly, d)],
    ['reference', direction, (d) => sorted(receivesOnly, (c) => [c.reference], d).map((c) => c.reference)],
    [
      'state',
      direction,
      (d) => sorted(receivesOnly, (c) => [c.state, c.updatedMs], d).map((c) => c.reference),
    ],
    ['received', direction, (d) => sorted(receivesOnly, (c) => [c.received], d).map((c) => c.reference)],
  ]);

  it.each(receiveSorts)(
    'sorts by %s %s, pages of 3 visiting every receive exactly once',
    (sort, dir, expected) => expectListed('/api/index/receives', { sort, dir }, expected(dir)),
  );
});
