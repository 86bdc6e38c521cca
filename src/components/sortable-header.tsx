import { Table, UnstyledButton } from '@mantine/core';

export type SortDirection = 'asc' | 'desc';

/**
 * A column header that sorts the list by its column; a second click turns the order around. The order is
 * said to screen readers with `aria-sort`, the arrows are for the eye.
 */
export function SortableHeader<Sort extends string>({
  column,
  label,
  sort,
  dir,
  onSort,
}: {
  column: Sort;
  label: string;
  sort: Sort;
  dir: SortDirection;
  onSort: (sort: Sort, dir: SortDirection) => void;
}) {
  const active = sort === column;
  const nextDir = active && dir === 'asc' ? 'desc' : 'asc';
  return (
    <Table.Th
      scope="col"
      style={{ whiteSpace: 'nowrap' }}
      aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <UnstyledButton fw={700} fz="sm" onClick={() => onSort(column, nextDir)}>
        {label}
        <span aria-hidden="true">{active ? (dir === 'asc' ? ' ▲' : ' ▼') : ' ↕'}</span>
      </UnstyledButton>
    </Table.Th>
  );
}
