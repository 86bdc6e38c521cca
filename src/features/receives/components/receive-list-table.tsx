import { Table, UnstyledButton } from '@mantine/core';
import { CompletenessBar } from '../../../components/completeness-bar';
import { LocalTime } from '../../../components/local-time';
import { AnchorLink } from '../../../components/router-links';
import { StatusBadge } from '../../../components/status-badge';
import { displayPercentage, isStillExpected } from '../../../lib/receive-completeness';
import type { ReceiveKindWords } from '../model/receive-kind';
import type { ReceiveListRow } from '../model/receive-list-rows';
import type { ReceiveListSearch, ReceiveSortKey } from '../model/receive-list-search';
import { CompletenessBadge, completenessColors } from './completeness-badge';
import { EtaText } from './eta-text';

/** References and dates read as one piece, so they never break across lines. */
const oneLine = { whiteSpace: 'nowrap' } as const;

type SortProps = {
  sort: ReceiveListSearch['sort'];
  dir: ReceiveListSearch['dir'];
  onSort: (sort: ReceiveSortKey, dir: 'asc' | 'desc') => void;
};

/** A column header that sorts by its column; a second click turns the order around. */
function SortableHeader({
  column,
  label,
  sort,
  dir,
  onSort,
}: SortProps & { column: ReceiveSortKey; label: string }) {
  const active = sort === column;
  const nextDir = active && dir === 'asc' ? 'desc' : 'asc';
  return (
    <Table.Th
      scope="col"
      style={oneLine}
      aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <UnstyledButton fw={700} fz="sm" onClick={() => onSort(column, nextDir)}>
        {label}
        <span aria-hidden="true">{active ? (dir === 'asc' ? ' ▲' : ' ▼') : ' ↕'}</span>
      </UnstyledButton>
    </Table.Th>
  );
}

export function ReceiveListTable({
  rows,
  words,
  caption,
  now,
  ...sortProps
}: SortProps & { rows: ReceiveListRow[]; words: ReceiveKindWords; caption: string; now: Date }) {
  return (
    <Table.ScrollContainer minWidth={1000}>
      <Table striped highlightOnHover verticalSpacing="sm" captionSide="top">
        <Table.Caption style={{ textAlign: 'left' }}>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <SortableHeader column="reference" label={words.primaryReference} {...sortProps} />
            <SortableHeader column="warehouse" label="Warehouse" {...sortProps} />
            <SortableHeader column="status" label="Status" {...sortProps} />
            <Table.Th scope="col">State</Table.Th>
            <SortableHeader column="percentage" label="Received" {...sortProps} />
            <SortableHeader column="eta" label="ETA" {...sortProps} />
            <SortableHeader column="updated" label="Last updated" {...sortProps} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.receive.id} data-testid="receive-row">
              <Table.Th scope="row" style={oneLine}>
                <AnchorLink
                  fw={600}
                  fz="sm"
                  to={words.detailPath}
                  params={{ reference: row.receive.primaryReference }}
                >
                  {row.receive.primaryReference}
                </AnchorLink>
                {row.receive.secondaryReference ? (
                  <div style={{ fontWeight: 400, fontSize: 'var(--mantine-font-size-xs)' }}>
                    {row.receive.secondaryReference}
                  </div>
                ) : null}
              </Table.Th>
              <Table.Td>{row.receive.warehouseCode}</Table.Td>
              <Table.Td>
                <StatusBadge status={row.receive.status} />
              </Table.Td>
              <Table.Td>
                <CompletenessBadge state={row.state} />
              </Table.Td>
              <Table.Td miw={120}>
                <CompletenessBar
                  percentage={displayPercentage(row.percentage)}
                  color={completenessColors[row.state]}
                  label={`Received of ${row.receive.primaryReference}: ${row.receivedOfAnnounced} of ${row.announced}`}
                  size="sm"
                />
              </Table.Td>
              <Table.Td style={oneLine}>
                <EtaText
                  eta={row.receive.eta}
                  now={now}
                  stillExpected={isStillExpected(row.receive.status, row)}
                  focusable={false}
                />
              </Table.Td>
              <Table.Td style={oneLine}>
                <LocalTime value={row.receive.dateLastUpdated} focusable={false} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
