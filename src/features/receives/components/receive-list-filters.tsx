import { Checkbox, Group, NativeSelect } from '@mantine/core';
import { DateRangeFilter } from '@/components/date-range-filter';
import { countActiveFilters, FiltersFold } from '@/components/filters-fold';
import { receiveStateWords, statusCodeWords } from '@/domain/record-states';
import { useConsoleConfig } from '@/lib/get-console-config';
import { type discrepancyFilters, type ReceiveListSearch, statusFilters } from '../model/receive-list-search';

const statusLabels = Object.fromEntries(
  statusFilters.map((code) => [code, `${statusCodeWords(code, 'receive')} (${code})`]),
);

const stateLabels = Object.fromEntries(
  Object.entries(receiveStateWords).map(([state, words]) => [state, words.label]),
);

const discrepancyLabels: Record<(typeof discrepancyFilters)[number], string> = {
  any: 'Short or over',
  short: 'Short',
  over: 'Over',
};

/** A select whose first choice, "any", leaves the filter out. */
function optionsOf(anyLabel: string, labels: Record<string, string>) {
  return [
    { value: '', label: anyLabel },
    ...Object.entries(labels).map(([value, label]) => ({ value, label })),
  ];
}

/** Every change goes to the URL; the list filters on the server. */
export function ReceiveListFilters({
  search,
  onChange,
  returns,
}: {
  search: ReceiveListSearch;
  onChange: (next: Partial<ReceiveListSearch>) => void;
  /** The returns list: it filters by units left to refund as well. */
  returns: boolean;
}) {
  const { warehouses } = useConsoleConfig();
  const choose = (name: 'status' | 'state' | 'discrepancy' | 'warehouse') => ({
    value: search[name] ?? '',
    onChange: (event: { currentTarget: HTMLSelectElement }) =>
      onChange({ [name]: event.currentTarget.value || undefined }),
  });
  const active = countActiveFilters([
    search.status,
    search.state,
    search.discrepancy,
    search.warehouse,
    search.etaFrom ?? search.etaTo,
    search.finishedFrom ?? search.finishedTo,
    search.updatedFrom ?? search.updatedTo,
    search.overdue,
    returns ? search.refundable : undefined,
  ]);
  return (
    <FiltersFold active={active}>
      <Group align="flex-start" gap="md" wrap="wrap">
        <NativeSelect label="Status" data={optionsOf('Any status', statusLabels)} {...choose('status')} />
        <NativeSelect label="State" data={optionsOf('Any state', stateLabels)} {...choose('state')} />
        <NativeSelect
          label="Lines short or over"
          data={optionsOf('Any lines', discrepancyLabels)}
          {...choose('discrepancy')}
        />
        <NativeSelect
          label="Warehouse"
          data={optionsOf('Any warehouse', Object.fromEntries(warehouses.map((code) => [code, code])))}
          {...choose('warehouse')}
        />
        <DateRangeFilter
          label="ETA"
          value={{ from: search.etaFrom, to: search.etaTo }}
          onChange={({ from, to }) => onChange({ etaFrom: from, etaTo: to })}
        />
        <DateRangeFilter
          label="Finalized"
          value={{ from: search.finishedFrom, to: search.finishedTo }}
          onChange={({ from, to }) => onChange({ finishedFrom: from, finishedTo: to })}
        />
        <DateRangeFilter
          label="Last change"
          value={{ from: search.updatedFrom, to: search.updatedTo }}
          onChange={({ from, to }) => onChange({ updatedFrom: from, updatedTo: to })}
        />
        <Checkbox
          mt={32}
          label="Overdue only"
          checked={search.overdue ?? false}
          onChange={(event) => onChange({ overdue: event.currentTarget.checked || undefined })}
        />
        {returns ? (
          <Checkbox
            mt={32}
            label="Units not refunded before"
            checked={search.refundable ?? false}
            onChange={(event) => onChange({ refundable: event.currentTarget.checked || undefined })}
          />
        ) : null}
      </Group>
    </FiltersFold>
  );
}
