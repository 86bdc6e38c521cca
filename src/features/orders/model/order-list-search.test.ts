import { describe, expect, it } from 'vitest';
import { readOrderListSearch, toOrderListFilter } from './order-list-search';

describe('order list search', () => {
  it('keeps valid filters and drops invalid ones instead of failing', () => {
    expect(readOrderListSearch({ status: 'FIN', from: '2026-11-01', to: 'yesterday', cursors: [] })).toEqual({
      status: 'FIN',
      from: '2026-11-01',
      to: undefined,
      cursors: undefined,
    });
    expect(readOrderListSearch({ status: 'LOST', from: 20261101, cursors: 'x' })).toEqual({});
  });

  it('turns local days into a whole-day range of instants', () => {
    const filter = toOrderListFilter({ from: '2026-11-01', to: '2026-11-02' });
    expect(new Date(filter.updatedFrom as string).getDate()).toBe(1);
    expect(new Date(filter.updatedFrom as string).getHours()).toBe(0);
    expect(new Date(filter.updatedTo as string).getDate()).toBe(2);
    expect(new Date(filter.updatedTo as string).getHours()).toBe(23);
  });
});
