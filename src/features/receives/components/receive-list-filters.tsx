import { Group, NativeSelect, TextInput } from '@mantine/core';
import {
  type DiscrepancyFilter,
  discrepancyFilters,
  type ReceiveListSearch,
  type StatusFilter,
  statusFilters,
} from '../model/receive-list-search';

const statusLabels: Record<StatusFilter, string> = {
  all: 'Any status',
  open: 'Open (PRS)',
  finalized: 'Finalized (FIN)',
  canceled: 'Canceled (CAN)',
};

const discrepancyLabels: Record<DiscrepancyFilter, string> = {
  all: 'Any completeness',
  'short-or-over': 'Short or over',
  short: 'Short only',
  over: 'Over only',
};

/** Every change goes to the URL and goes back to the first page. */
export function ReceiveListFilters({
  search,
  onChange,
}: {
  search: ReceiveListSearch;
  onChange: (next: Partial<ReceiveListSearch>) => void;
}) {
  return (
    <Group align="flex-end" gap="md" wrap="wrap">
      <NativeSelect
        label="Status"
        value={search.status}
        data={statusFilters.map((value) => ({ value, label: statusLabels[value] }))}
        onChange={(event) => onChange({ status: event.currentTarget.value as StatusFilter, page: 1 })}
      />
      <NativeSelect
        label="Completeness"
        value={search.discrepancy}
        data={discrepancyFilters.map((value) => ({ value, label: discrepancyLabels[value] }))}
        onChange={(event) =>
          onChange({ discrepancy: event.currentTarget.value as DiscrepancyFilter, page: 1 })
        }
      />
      <TextInput
        type="date"
        label="Updated from"
        value={search.from ?? ''}
        max={search.to}
        onChange={(event) => onChange({ from: event.currentTarget.value || undefined, page: 1 })}
      />
      <TextInput
        type="date"
        label="Updated to"
        value={search.to ?? ''}
        min={search.from}
        onChange={(event) => onChange({ to: event.currentTarget.value || undefined, page: 1 })}
      />
    </Group>
  );
}
