import { Text } from '@mantine/core';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { ProductWithDescription } from '@/components/product-with-description';
import type { Package } from '@/contract/order';
import { formatDimensions, formatWeight } from '@/domain/code-words';
import { formatNumber } from '@/domain/format';
import type { ProductDescriptions } from '@/lib/get-product-descriptions';

/** No package, in words that fit where the shipment stands: to come while it is open, past once it is not. */
export function noPackagesText(status: string): string {
  if (status === 'CAN') return 'Nothing was packed.';
  if (status === 'FIN') return 'The warehouse reported no packages.';
  return 'Not packed yet.';
}

/** A package and its name: its reference, or its place in the shipment when it has none. */
type PackageRow = { pkg: Package; name: string };

const columnsWith = (descriptions: ProductDescriptions): DataTableColumn<PackageRow>[] => [
  { key: 'package', header: 'Package', rowHeader: true, cell: (row) => row.name },
  { key: 'type', header: 'Type', cell: ({ pkg }) => pkg.packageType ?? '—' },
  {
    key: 'dimensions',
    header: 'Dimensions (L × W × H)',
    cell: ({ pkg }) => formatDimensions([pkg.length, pkg.width, pkg.height], pkg.dimUnit) || '—',
  },
  { key: 'weight', header: 'Weight', cell: ({ pkg }) => formatWeight(pkg.weight, pkg.weightUnit) || '—' },
  {
    key: 'contents',
    header: 'Contents',
    cell: ({ pkg }) =>
      pkg.packedLines.length === 0
        ? '—'
        : pkg.packedLines.map((line, index) => (
            // One packed line a row: a description beside a code would blur a comma-separated list.
            // biome-ignore lint/suspicious/noArrayIndexKey: packed lines have no key of their own and never move.
            <div key={index}>
              {formatNumber(line.quantity)} ×{' '}
              {line.productCode ? (
                <ProductWithDescription code={line.productCode} descriptions={descriptions} />
              ) : (
                `line ${line.orderLineReference ?? '?'}`
              )}
            </div>
          )),
  },
];

/** Each package with its size, weight and what it holds. */
export function PackageList({
  packages,
  status,
  caption,
  descriptions = new Map(),
}: {
  packages: readonly Package[];
  /** The shipment's status, which says whether packing is still to come. */
  status: string;
  caption: string;
  descriptions?: ProductDescriptions;
}) {
  return (
    <DataTable
      caption={caption}
      columns={columnsWith(descriptions)}
      rows={packages.map((pkg, index) => ({ pkg, name: pkg.packageReference ?? `Package ${index + 1}` }))}
      rowKey={(row) => row.name}
      minWidth={520}
      scrollOnPhone
      empty={<Text c="dimmed">{noPackagesText(status)}</Text>}
    />
  );
}
