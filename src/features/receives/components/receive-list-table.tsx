import { Table } from '@mantine/core';
import { CompletenessBar } from '@/components/completeness-bar';
import { LiveTableRow } from '@/components/live-table-row';
import { LocalTime } from '@/components/local-time';
import { AnchorLink } from '@/components/router-links';
import { SortableHeader } from '@/components/sortable-header';
import { ReceiveStateBadge } from '@/components/state-badge';
import type { ReceiveListRow } from '@/contract/index-lists';
import { formatNumber } from '@/domain/format';
import { displayPercentage } from '@/domain/receive-completeness';
import { isReceiveOverdue, receiveStateOf } from '@/domain/record-states';
import type { ReceiveKindWords } from '../model/receive-kind';
import { EtaText } from './eta-text';
import type { ReceiveSortProps } from './receive-list-layout';

/** Dates read as one piece, so they never break across lines. */
const oneLine = { whiteSpace: 'nowrap' } as const;

/**
 * Goods still to come: an open receive with announced goods not all here. One that has received nothing
 * says Overdue beside its state, so its ETA does not say it again.
 */
const etaStillExpected = (row: ReceiveListRow, nowMs: number) =>
  row.status === 'PRS' &&
  (row.state === 'awaiting' || row.state === 'partial') &&
  !isReceiveOverdue(row.state, row.eta, nowMs);

/** The day a receive was finalized, the exact time on hover: the list has no room for both. */
/** Units short or over; none reads as a dash, so the few that differ stand out. */
const unitsOrDash = (units: number) => (units > 0 ? formatNumber(units) : '—');

export function ReceiveListTable({
  rows,
  words,
  caption,
  now,
  ...sortProps
}: ReceiveSortProps & { rows: ReceiveListRow[]; words: ReceiveKindWords; caption: string; now: Date }) {
  return (
    <Table.ScrollContainer minWidth={1000}>
      <Table striped highlightOnHover verticalSpacing="sm" captionSide="top">
        <Table.Caption style={{ textAlign: 'left' }}>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <SortableHeader column="reference" label={words.primaryReference} {...sortProps} />
            <Table.Th scope="col">Supplier</Table.Th>
            <Table.Th scope="col">Warehouse</Table.Th>
            <SortableHeader column="state" label="State" {...sortProps} />
            <SortableHeader column="received" label="Received" {...sortProps} />
            <Table.Th scope="col" ta="right">
              Short
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Over
            </Table.Th>
            <SortableHeader column="eta" label="ETA" {...sortProps} />
            <Table.Th scope="col">Finalized</Table.Th>
            <SortableHeader column="updated" label="Last change" {...sortProps} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const percentage = row.announced > 0 ? Math.min(100, (row.received / row.announced) * 100) : 0;
            return (
              <LiveTableRow
                key={row.reference}
                kind={row.kind}
                reference={row.reference}
                header={
                  <AnchorLink fw={600} fz="sm" to={words.detailPath} params={{ reference: row.reference }}>
                    {row.reference}
                  </AnchorLink>
                }
              >
                <Table.Td>{row.sender || '—'}</Table.Td>
                <Table.Td>{row.warehouse}</Table.Td>
                <Table.Td>
                  <ReceiveStateBadge
                    state={row.state}
                    eta={row.eta}
                    status={row.status}
                    nowMs={now.getTime()}
                  />
                </Table.Td>
                <Table.Td miw={120}>
                  <CompletenessBar
                    percentage={displayPercentage(percentage)}
                    color={receiveStateOf(row.state).color}
                    label={`Received of ${row.reference}: ${formatNumber(row.received)} of ${formatNumber(row.announced)}`}
                    size="sm"
                  />
                </Table.Td>
                <Table.Td ta="right">{unitsOrDash(row.unitsShort)}</Table.Td>
                <Table.Td ta="right">{unitsOrDash(row.unitsOver)}</Table.Td>
                <Table.Td style={oneLine}>
                  <EtaText
                    eta={row.eta}
                    now={now}
                    stillExpected={etaStillExpected(row, now.getTime())}
                    focusable={false}
                    dayShown
                  />
                </Table.Td>
                <Table.Td style={oneLine}>
                  <LocalTime value={row.finalized} focusable={false} dayShown />
                </Table.Td>
                <Table.Td style={oneLine}>
                  <LocalTime value={row.updated} focusable={false} dayShown />
                </Table.Td>
              </LiveTableRow>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
