import { Button, Group, NativeSelect, NumberInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { ExportLinks } from '@/components/export-links';
import { FirstPageNote } from '@/components/first-page-note';
import { Pager } from '@/components/pager';
import { StockTable, stockCountNote } from '@/components/stock-table';
import { exportStockRoute, exportStockWorkbookRoute } from '@/contract/stock';
import { maxExpiringDays } from '@/contract/stock-limits';
import { cursorPager } from '@/lib/cursor-pages';
import { type StockListSearch, useStockPage } from '../api/list-stock';

type Filters = Omit<StockListSearch, 'cursor'>;

/** The list's filters as a form: a product code or lot, a warehouse, "expiring within N days". */
function StockFilters({
  filters,
  warehouses,
  onChange,
}: {
  filters: Filters;
  warehouses: readonly string[];
  onChange: (filters: Filters) => void;
}) {
  const [q, setQ] = useState(filters.q ?? '');
  const [warehouse, setWarehouse] = useState(filters.warehouse ?? '');
  const [days, setDays] = useState<string | number>(filters.expiringWithinDays ?? '');
  function submit(event: FormEvent) {
    event.preventDefault();
    const within = typeof days === 'number' ? days : days.trim() === '' ? undefined : Number(days);
    onChange({
      ...filters,
      q: q.trim() || undefined,
      warehouse: warehouse || undefined,
      expiringWithinDays: within !== undefined && Number.isInteger(within) ? within : undefined,
    });
  }
  return (
    <search>
      <form onSubmit={submit} noValidate>
        <Group align="flex-end" gap="md" wrap="wrap">
          <TextInput
            label="Product or lot"
            description="A product code’s beginning, or a lot or serial number"
            value={q}
            onChange={(event) => setQ(event.currentTarget.value)}
            autoComplete="off"
            w={280}
          />
          <NativeSelect
            label="Warehouse"
            value={warehouse}
            onChange={(event) => setWarehouse(event.currentTarget.value)}
            data={[
              { value: '', label: 'Every warehouse' },
              ...warehouses.map((code) => ({ value: code, label: code })),
            ]}
          />
          <NumberInput
            label="Expiring within (days)"
            description="Expired lots included"
            value={days}
            onChange={setDays}
            min={0}
            max={maxExpiringDays}
            allowDecimal={false}
            allowNegative={false}
            w={200}
          />
          <Button type="submit">Show</Button>
        </Group>
      </form>
    </search>
  );
}

/** Stock as the console counts it, by product, warehouse and lot, 50 a page. */
export function StockListPage({
  search,
  cursors,
  cursorRefused,
  warehouses,
  onChange,
}: {
  search: Filters;
  cursors: string[];
  cursorRefused: boolean;
  warehouses: readonly string[];
  onChange: (filters: Filters) => void;
}) {
  const page = useStockPage({ ...search, cursor: cursors.at(-1) });
  const pager = cursorPager(cursors, page.nextCursor);
  const filtered =
    search.q !== undefined || search.warehouse !== undefined || search.expiringWithinDays !== undefined;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Stock</Title>
        <Text c="dimmed" maw={820}>
          {stockCountNote}
        </Text>
      </div>
      <StockFilters filters={search} warehouses={warehouses} onChange={onChange} />
      {cursorRefused ? <FirstPageNote what="stock" /> : null}
      <Group justify="flex-end">
        <ExportLinks
          route={exportStockRoute}
          workbookRoute={exportStockWorkbookRoute}
          filters={{
            q: search.q,
            warehouse: search.warehouse,
            expiringWithinDays:
              search.expiringWithinDays === undefined ? undefined : String(search.expiringWithinDays),
            today: new Date().toLocaleDateString('en-CA'),
            dir: search.dir,
          }}
          total={undefined}
        />
      </Group>
      <StockTable
        withProduct
        caption={
          pager.page > 1
            ? `Stock by product, warehouse and lot, page ${pager.page}`
            : 'Stock by product, warehouse and lot'
        }
        levels={page.rows}
        dir={search.dir ?? 'asc'}
        onSort={(dir) => onChange({ ...search, dir })}
        empty={
          <EmptyState
            title={filtered ? 'No stock matches these filters' : 'No stock counted yet'}
            description={
              filtered
                ? 'Try another product, lot, warehouse or number of days.'
                : 'Once the console holds receives, returns or orders, what they moved shows here.'
            }
          />
        }
        footer={<Pager {...pager} />}
      />
    </Stack>
  );
}
