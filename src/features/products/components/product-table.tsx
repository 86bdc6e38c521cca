import type { ReactNode } from 'react';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { LocalTime } from '@/components/local-time';
import { AnchorLink } from '@/components/router-links';
import type { Product } from '@/contract/product';

const columns: DataTableColumn<Product>[] = [
  {
    key: 'code',
    header: 'Product code',
    cell: (product) => (
      <AnchorLink to="/products/$productId" params={{ productId: product.id }} fw={600}>
        {product.productCode}
      </AnchorLink>
    ),
  },
  { key: 'description', header: 'Description', cell: (product) => product.productDescription },
  { key: 'unit', header: 'Unit', cell: (product) => product.productUnit },
  { key: 'pickMode', header: 'Pick mode', cell: (product) => product.pickMode },
  {
    key: 'attributes',
    header: 'Attributes',
    cell: (product) => product.productAttributes.map((attribute) => attribute.key).join(', ') || '—',
  },
  {
    key: 'updated',
    header: 'Last updated',
    cell: (product) => <LocalTime value={product.dateLastUpdated} focusable={false} />,
  },
];

type ProductTableProps = {
  caption: string;
  products: readonly Product[];
  empty: ReactNode;
  footer?: ReactNode;
};

export function ProductTable({ caption, products, empty, footer }: ProductTableProps) {
  return (
    <DataTable
      caption={caption}
      columns={columns}
      rows={products}
      rowKey={(product) => product.id}
      empty={empty}
      footer={footer}
    />
  );
}
