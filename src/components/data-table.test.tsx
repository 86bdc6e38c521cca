// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { markRecentChange } from '@/lib/recent-changes';
import { DataTable, type DataTableColumn } from './data-table';

afterEach(cleanup);

type Row = { reference: string; units: number; state: string };
type Sort = 'reference' | 'units';

const rows: Row[] = [
  { reference: 'SO-1', units: 3, state: 'open' },
  { reference: 'SO-2', units: 12, state: 'shipped' },
];

const columns: DataTableColumn<Row, Sort>[] = [
  {
    key: 'reference',
    header: 'Reference',
    rowHeader: true,
    sortKey: 'reference',
    cell: (row) => row.reference,
  },
  { key: 'units', header: 'Units', numeric: true, sortKey: 'units', cell: (row) => row.units },
  { key: 'state', header: 'State', answer: true, cell: (row) => row.state },
];

function renderTable(props: Partial<Parameters<typeof DataTable<Row, Sort>>[0]> = {}) {
  render(
    <MantineProvider>
      <DataTable
        caption="Orders"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.reference}
        empty="None"
        {...props}
      />
    </MantineProvider>,
  );
  return screen.queryByRole('table', { name: 'Orders' }) as HTMLElement;
}

describe('DataTable', () => {
  it('says the order in aria-sort and asks for the next one when a sortable header is pressed', () => {
    const onSort = vi.fn();
    renderTable({ sort: 'units', dir: 'asc', onSort });
    expect(screen.getByRole('columnheader', { name: /Units/ }).getAttribute('aria-sort')).toBe('ascending');
    expect(screen.getByRole('columnheader', { name: /Reference/ }).getAttribute('aria-sort')).toBe('none');
    expect(screen.getByRole('columnheader', { name: 'State' }).hasAttribute('aria-sort')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: /Units/ }));
    expect(onSort).toHaveBeenLastCalledWith('units', 'desc');
    fireEvent.click(screen.getByRole('button', { name: /Reference/ }));
    expect(onSort).toHaveBeenLastCalledWith('reference', 'asc');
  });

  it('has no sort buttons where nothing sorts', () => {
    renderTable();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'Units' }).hasAttribute('aria-sort')).toBe(false);
  });

  it('lines numbers up on the right, header and cells, and names each row by its row header', () => {
    const table = renderTable({ rowData: (row) => ({ 'data-state': row.state }) });
    expect(screen.getByRole('columnheader', { name: 'Units' }).style.textAlign).toBe('right');
    expect(within(table).getByRole('cell', { name: '12' }).style.textAlign).toBe('right');
    expect(within(table).getByRole('cell', { name: 'open' }).style.textAlign).toBe('');
    const header = within(table).getByRole('rowheader', { name: 'SO-2' });
    expect(header.getAttribute('scope')).toBe('row');
    const row = header.closest('tr') as HTMLElement;
    expect(row.dataset.state).toBe('shipped');
    // On a phone's card the answer comes right after the row header.
    expect(row.classList.contains('answer-first')).toBe(true);
    expect(within(row).getByRole('cell', { name: 'shipped' }).hasAttribute('data-answer')).toBe(true);
  });

  it('marks a live row for a moment when a change of its record arrives, in words for screen readers too', () => {
    const table = renderTable({ liveRow: (row) => ({ kind: 'order', reference: row.reference }) });
    const changed = within(table).getByRole('rowheader', { name: 'SO-2' }).closest('tr') as HTMLElement;
    expect(changed.dataset.recentlyChanged).toBeUndefined();
    act(() => markRecentChange('order', 'SO-2'));
    expect(changed.dataset.recentlyChanged).toBe('true');
    expect(within(changed).getByRole('rowheader').textContent).toBe('SO-2 (updated)');
    const unchanged = within(table).getByRole('rowheader', { name: 'SO-1' }).closest('tr') as HTMLElement;
    expect(unchanged.dataset.recentlyChanged).toBeUndefined();
    // A change of another kind's record of the same reference is not this row's.
    act(() => markRecentChange('receive', 'SO-1'));
    expect(unchanged.dataset.recentlyChanged).toBeUndefined();
  });

  it('scrolls a table wider than its box in a region the keyboard reaches, named as the table', () => {
    renderTable({ minWidth: 600 });
    const region = screen.getByRole('region', { name: 'Orders' });
    expect(region.tabIndex).toBe(0);
    expect(within(region).getByRole('table', { name: 'Orders' })).toBeTruthy();
  });

  it('shows what it was given for no rows instead of an empty table, and a label names a table with no caption', () => {
    expect(renderTable({ rows: [], empty: 'No orders yet' })).toBeNull();
    expect(screen.getByText('No orders yet')).toBeTruthy();
    cleanup();
    renderTable({ caption: undefined, label: 'Attributes' });
    expect(screen.getByRole('table', { name: 'Attributes' }).querySelector('caption')).toBeNull();
  });
});
