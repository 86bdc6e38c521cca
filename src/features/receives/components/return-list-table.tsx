import { Table } from '@mantine/core';
import { LiveTableRow } from '@/components/live-table-row';
import { LocalTime } from '@/components/local-time';
import { AnchorLink } from '@/components/router-links';
import { SortableHeader } from '@/components/sortable-header';
import { ReceiveStateBadge } from '@/components/state-badge';
import type { ReceiveListTableProps } from './receive-list-layout';

/** Returns as a manager scans them: who sends what back, of which order, why, and where it stands. */
export function ReturnListTable({ rows, caption, ...sortProps }: ReceiveListTableProps) {
  return (
    // Narrower than the table, the box scrolls on its own: the keyboard can reach it to scroll it too.
    <Table.ScrollContainer minWidth={820} type="native" tabIndex={0} role="region" aria-label={caption}>
      <Table striped highlightOnHover verticalSpacing="sm" captionSide="top">
        <Table.Caption style={{ textAlign: 'left' }}>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <SortableHeader column="reference" label="RMA reference" {...sortProps} />
            <Table.Th scope="col">Customer</Table.Th>
            <Table.Th scope="col">Original order</Table.Th>
            <Table.Th scope="col">Reason</Table.Th>
            <SortableHeader column="state" label="State" {...sortProps} />
            <SortableHeader column="eta" label="ETA" {...sortProps} />
            <SortableHeader column="updated" label="Last change" {...sortProps} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <LiveTableRow
              key={row.reference}
              kind={row.kind}
              reference={row.reference}
              header={
                <AnchorLink fw={600} fz="sm" to="/returns/$reference" params={{ reference: row.reference }}>
                  {row.reference}
                </AnchorLink>
              }
            >
              <Table.Td>{row.sender || '—'}</Table.Td>
              <Table.Td>
                {row.originalOrder ? (
                  <AnchorLink fz="sm" to="/orders/$reference" params={{ reference: row.originalOrder }}>
                    {row.originalOrder}
                  </AnchorLink>
                ) : (
                  '—'
                )}
              </Table.Td>
              <Table.Td>{row.reason || '—'}</Table.Td>
              <Table.Td>
                <ReceiveStateBadge state={row.state} eta={row.eta} status={row.status} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {row.eta ? <LocalTime value={row.eta} focusable={false} dayValued /> : '—'}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <LocalTime value={row.updated} focusable={false} />
              </Table.Td>
            </LiveTableRow>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
