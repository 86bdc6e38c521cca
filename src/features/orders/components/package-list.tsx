import { Table, Text } from '@mantine/core';
import { keyboardScrollable } from '@/components/keyboard-scrollable';
import type { Package } from '@/contract/order';
import { formatDimensions, formatWeight } from '@/domain/code-words';
import { formatNumber } from '@/domain/format';

/** No package, in words that fit where the shipment stands: to come while it is open, past once it is not. */
export function noPackagesText(status: string): string {
  if (status === 'CAN') return 'Nothing was packed.';
  if (status === 'FIN') return 'The warehouse reported no packages.';
  return 'Not packed yet.';
}

/** Each package with its size, weight and what it holds. */
export function PackageList({
  packages,
  status,
  caption,
}: {
  packages: readonly Package[];
  /** The shipment's status, which says whether packing is still to come. */
  status: string;
  caption: string;
}) {
  if (packages.length === 0) return <Text c="dimmed">{noPackagesText(status)}</Text>;
  return (
    <Table.ScrollContainer minWidth={520} scrollAreaProps={keyboardScrollable}>
      <Table striped captionSide="top">
        <Table.Caption style={{ textAlign: 'left' }}>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Package</Table.Th>
            <Table.Th scope="col">Type</Table.Th>
            <Table.Th scope="col">Dimensions (L × W × H)</Table.Th>
            <Table.Th scope="col">Weight</Table.Th>
            <Table.Th scope="col">Contents</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {packages.map((pkg, index) => (
            <Table.Tr key={pkg.packageReference ?? `package-${index + 1}`}>
              <Table.Th scope="row">{pkg.packageReference ?? `Package ${index + 1}`}</Table.Th>
              <Table.Td>{pkg.packageType ?? '—'}</Table.Td>
              <Table.Td>{formatDimensions([pkg.length, pkg.width, pkg.height], pkg.dimUnit) || '—'}</Table.Td>
              <Table.Td>{formatWeight(pkg.weight, pkg.weightUnit) || '—'}</Table.Td>
              <Table.Td>
                {pkg.packedLines.length === 0
                  ? '—'
                  : pkg.packedLines
                      .map(
                        (line) =>
                          `${formatNumber(line.quantity)} × ${line.productCode ?? `line ${line.orderLineReference ?? '?'}`}`,
                      )
                      .join(', ')}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
