import type { Order } from '../../contract/order';
import type { Product } from '../../contract/product';
import { RETURN_SUBTYPE, type Receive } from '../../contract/receive';

export type SearchMatch = {
  kind: 'Order' | 'Receive' | 'Return' | 'Product';
  label: string;
  description: string;
  href: string;
};

type Found = { orders: readonly Order[]; receives: readonly Receive[]; products: readonly Product[] };

/**
 * Everything the lookups found for one query, as places to open. Orders, receives and returns open by
 * their primary reference (the interface has no read by id for them); products by id.
 */
export function searchMatches({ orders, receives, products }: Found): SearchMatch[] {
  return [
    ...orders.map((order) => ({
      kind: 'Order' as const,
      label: order.primaryReference,
      description: [order.warehouseCode, order.status].filter(Boolean).join(' · '),
      href: `/orders/${encodeURIComponent(order.primaryReference)}`,
    })),
    ...receives.map((receive) => {
      const isReturn = receive.subtype === RETURN_SUBTYPE;
      return {
        kind: isReturn ? ('Return' as const) : ('Receive' as const),
        label: receive.primaryReference,
        description: [receive.warehouseCode, receive.status].filter(Boolean).join(' · '),
        href: `/${isReturn ? 'returns' : 'receives'}/${encodeURIComponent(receive.primaryReference)}`,
      };
    }),
    ...products.map((product) => ({
      kind: 'Product' as const,
      label: product.productCode,
      description: product.productDescription ?? '',
      href: `/products/${encodeURIComponent(product.id)}`,
    })),
  ];
}
