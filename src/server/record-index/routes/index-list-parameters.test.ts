import { describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '../../../contract/envelope';
import { consoleWithRecords } from '../testing/list-fixtures';
import { orderPageSchema } from '../testing/list-paging';

describe('bad list parameters', () => {
  const longValue = 'x'.repeat(201);
  it.each([
    ['/api/index/orders?state=lost', 'state'],
    ['/api/index/orders?state=completed', 'state'],
    ['/api/index/orders?sort=customer', 'sort'],
    ['/api/index/orders?sort=eta', 'sort'],
    ['/api/index/orders?dir=up', 'dir'],
    ['/api/index/orders?late=yes', 'late'],
    ['/api/index/orders?late=true&today=2026-02-30', 'today'],
    ['/api/index/receives?overdue=true&today=2026-11-25T00:00:00Z', 'today'],
    ['/api/index/orders?open=false', 'open'],
    ['/api/index/orders?open=yes', 'open'],
    ['/api/index/orders?limit=0', 'limit'],
    ['/api/index/orders?limit=201', 'limit'],
    ['/api/index/orders?limit=ten', 'limit'],
    ['/api/index/orders?updatedFrom=2023-02-30', 'updatedFrom'],
    ['/api/index/orders?updatedTo=2023-02-29T10:00:00Z', 'updatedTo'],
    ['/api/index/orders?shipByFrom=2026-11-23T24:00:00Z', 'shipByFrom'],
    ['/api/index/orders?shipByTo=2026-13-01', 'shipByTo'],
    ['/api/index/orders?updatedFrom=yesterday', 'updatedFrom'],
    ['/api/index/orders?updatedFrom=2026-11-24&updatedTo=2026-11-23', 'updatedTo'],
    ['/api/index/orders?cursor=not-a-cursor', 'cursor'],
    ['/api/index/orders?status=%3Cscript%3E', 'status'],
    [`/api/index/orders?warehouse=${longValue}`, 'warehouse'],
    [`/api/index/orders?${'state=held&'.repeat(21)}`, 'state'],
    ['/api/index/orders?sort=updated&sort=reference', 'sort'],
    ['/api/index/orders?discrepancy=short', 'discrepancy'],
    ['/api/index/orders?shipby=2026-11-23', 'shipby'],
    ['/api/index/receives?kind=order', 'kind'],
    ['/api/index/receives?state=held', 'state'],
    ['/api/index/receives?discrepancy=some', 'discrepancy'],
    ['/api/index/receives?late=true', 'late'],
    ['/api/index/orders.csv?limit=10', 'limit'],
    ['/api/index/receives.csv?etaTo=2026-02-29', 'etaTo'],
  ])('refuses %s with 400 naming the parameter', async (path, parameter) => {
    const { get } = await consoleWithRecords();
    const response = await get(path);
    expect(response.status).toBe(400);
    const problem = errorEnvelopeSchema.parse(await response.json()).errors[0];
    expect(problem).toMatchObject({
      code: 'validation_failed',
      source: { pointer: `/${parameter}`, parameter },
    });
  });

  it('refuses a cursor given out for another sort or direction', async () => {
    const { get } = await consoleWithRecords();
    const { data } = orderPageSchema.parse(await (await get('/api/index/orders?limit=3')).json());
    for (const other of ['sort=reference', 'dir=asc']) {
      const response = await get(`/api/index/orders?limit=3&${other}&cursor=${data.nextCursor}`);
      expect(response.status).toBe(400);
      expect(errorEnvelopeSchema.parse(await response.json()).errors[0]?.source?.parameter).toBe('cursor');
    }
  });
});
