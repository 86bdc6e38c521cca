import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../testing/stub-fetch';
import { listOrders, ORDER_LIST_PAGE_SIZE } from './list-orders';

afterEach(() => {
  vi.unstubAllGlobals();
});

const order = (n: number, status: string, dateLastUpdated: string) => ({
  id: `677eddd7813921e2260619${String(n).padStart(2, '0')}`,
  primaryReference: `SO-${n}`,
  status,
  dateLastUpdated,
});

describe('listOrders against an upstream that ignores the listing parameters', () => {
  it('keeps a page that honored them as it came', async () => {
    stubFetch(() => ({ orders: [order(1, 'PRS', '2025-01-08T10:00:00+00:00')], nextCursor: 'n1' }));
    await expect(listOrders({ status: 'PRS' })).resolves.toMatchObject({ nextCursor: 'n1', ignored: [] });
  });

  it('shows every row of a page longer than asked, with no next page when none is given', async () => {
    const rows = Array.from({ length: ORDER_LIST_PAGE_SIZE + 5 }, (_, n) =>
      order(n, 'PRS', '2025-01-08T10:00:00+00:00'),
    );
    stubFetch(() => ({ orders: rows }));
    const page = await listOrders({});
    expect(page.orders).toHaveLength(ORDER_LIST_PAGE_SIZE + 5);
    expect(page.nextCursor).toBeUndefined();
    expect(page.ignored).toEqual(['limit']);
  });

  it('drops rows outside the status and date filters', async () => {
    stubFetch(() => ({
      orders: [
        order(1, 'PRS', '2025-01-08T10:00:00+00:00'),
        order(2, 'FIN', '2025-01-08T10:00:00+00:00'),
        order(3, 'PRS', '2024-06-01T10:00:00+00:00'),
      ],
    }));
    const page = await listOrders({
      status: 'PRS',
      updatedFrom: '2025-01-01T00:00:00.000Z',
      updatedTo: '2025-01-31T23:59:59.999Z',
    });
    expect(page.orders.map((row) => row.primaryReference)).toEqual(['SO-1']);
    expect(page.ignored).toEqual(['filters']);
  });

  it('ends the paging when the same cursor comes back', async () => {
    const fetch = stubFetch(() => ({
      orders: [order(1, 'PRS', '2025-01-08T10:00:00+00:00')],
      nextCursor: 'same',
    }));
    const page = await listOrders({ cursor: 'same' });
    expect(page.nextCursor).toBeUndefined();
    expect(page.ignored).toEqual(['cursor']);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
