import { Table, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useRecentlyChanged } from '@/lib/recent-changes';

/**
 * A list row of one record, marked for a moment when the server pushes a change of it: a tinted
 * background for the eye, "updated" in its header cell for screen readers. `header` is the row's header
 * cell (the reference), `children` its other cells.
 */
export function LiveTableRow({
  kind,
  reference,
  header,
  children,
}: {
  kind: string;
  reference: string;
  header: ReactNode;
  children: ReactNode;
}) {
  const changed = useRecentlyChanged(kind, reference);
  return (
    <Table.Tr
      data-recently-changed={changed || undefined}
      bg={changed ? 'var(--mantine-primary-color-light)' : undefined}
      style={{ transition: 'background-color 600ms ease-out' }}
    >
      <Table.Th scope="row" style={{ whiteSpace: 'nowrap' }}>
        {header}
        {changed ? <VisuallyHidden> (updated)</VisuallyHidden> : null}
      </Table.Th>
      {children}
    </Table.Tr>
  );
}
