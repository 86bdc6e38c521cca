import { describe, expect, it } from 'vitest';
import type { Order } from '../../contract/order';
import type { Product } from '../../contract/product';
import type { Receive } from '../../contract/receive';
import { searchMatches } from './search-matches';

const order = { id: 'o1', primaryReference: 'REF 1', status: 'PRS', warehouseCode: 'LAW' } as Order;
const receive = { id: 'r1', primaryReference: 'REF-1', status: 'FIN' } as Receive;
const returned = { id: 'r2', primaryReference: 'RMA-1', status: 'PRS', subtype: 'RET' } as Receive;
const product = { id: 'p1', productCode: 'REF 1', productDescription: 'Widget' } as Product;

describe('searchMatches', () => {
  it('finds nothing when the lookups found nothing', () => {
    expect(searchMatches({ orders: [], receives: [], products: [] })).toEqual([]);
  });

  it('opens a return under returns and a receive under receives', () => {
    const hrefs = searchMatches({ orders: [], receives: [receive, returned], products: [] }).map(
      (match) => `${match.kind} ${match.href}`,
    );
    expect(hrefs).toEqual(['Receive /receives/REF-1', 'Return /returns/RMA-1']);
  });

  it('lists every kind that matched, with encoded references', () => {
    const matches = searchMatches({ orders: [order], receives: [receive], products: [product] });
    expect(matches.map((match) => match.href)).toEqual([
      '/orders/REF%201',
      '/receives/REF-1',
      '/products/p1',
    ]);
    expect(matches[0]).toMatchObject({ kind: 'Order', label: 'REF 1', description: 'LAW · PRS' });
    expect(matches[2]).toMatchObject({ kind: 'Product', description: 'Widget' });
  });
});
