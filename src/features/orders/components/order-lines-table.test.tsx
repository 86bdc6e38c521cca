// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { orderSchema } from '@/contract/order';
import { consoleConfigQueryKey } from '@/lib/console-config-query-key';
import { sandboxConsoleConfig } from '@/testing/console-config';
import { OrderLinesTable } from './order-lines-table';

afterEach(cleanup);

function renderLines(
  order: unknown,
  priceCurrency = 'USD',
  descriptions: ReadonlyMap<string, string> = new Map(),
) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(consoleConfigQueryKey, { ...sandboxConsoleConfig, priceCurrency });
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <OrderLinesTable order={orderSchema.parse(order)} descriptions={descriptions} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return screen.getByRole('table', { name: 'Ordered against shipped, per line' });
}

const rowOf = (table: HTMLElement, product: string) =>
  within(within(table).getByRole('rowheader', { name: product }).closest('tr') as HTMLElement);

describe('OrderLinesTable', () => {
  it("writes each product's description beside its code, and leaves a code the index does not know a code", () => {
    const table = renderLines(
      {
        id: 'o1',
        primaryReference: 'SO-1',
        status: 'PRS',
        orderLines: [
          {
            lineNumber: '1',
            productCode: 'TAB-12-256',
            quantity: 1,
            partAttributes: [{ key: 'EXP', value: '2028-04-24' }],
          },
          { lineNumber: '2', productCode: 'NEW-1', quantity: 1 },
        ],
        shipments: [],
      },
      'USD',
      new Map([['TAB-12-256', 'Tablet 12in 256GB']]),
    );
    const headers = within(table)
      .getAllByRole('rowheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['TAB-12-256 · Tablet 12in 256GB', 'NEW-1']);
    // The attribute by the packet's label, its day as a date.
    expect(
      within(within(table).getAllByRole('row')[1] as HTMLElement).getByText(/^Expiry date /),
    ).toBeTruthy();
  });

  it('says Canceled with the canceled units for a line whose shipment was canceled, never short or missing', () => {
    // A split order: the first shipment shipped, the second (all of line 2, part of line 3) was canceled.
    const table = renderLines({
      id: 'o1',
      primaryReference: 'SO-1',
      status: 'FIN',
      orderLines: [
        { lineNumber: '1', productCode: 'TEE-L', quantity: 2, quantityUnit: 'EA', linePrice: 1234.5 },
        { lineNumber: '2', productCode: 'TEE-XL', quantity: 3, quantityUnit: 'EA', linePrice: '24' },
        { lineNumber: '3', productCode: 'CAP', quantity: 12500, quantityUnit: 'EA' },
      ],
      shipments: [
        {
          id: 's1',
          status: 'FIN',
          shipmentLines: [
            { lineNumber: '1', productCode: 'TEE-L', quantity: 2 },
            { lineNumber: '3', productCode: 'CAP', quantity: 10000 },
          ],
        },
        {
          id: 's2',
          status: 'CAN',
          shipmentLines: [
            { lineNumber: '2', productCode: 'TEE-XL', quantity: 3 },
            { lineNumber: '3', productCode: 'CAP', quantity: 2000 },
          ],
        },
      ],
    });
    const canceled = rowOf(table, 'TEE-XL');
    expect(canceled.getByText('Canceled')).toBeTruthy();
    expect(canceled.getByText('3 canceled')).toBeTruthy();
    expect(canceled.getByText('$24.00')).toBeTruthy();
    // 10,000 shipped and 2,000 canceled: only the last 500 are short.
    const cap = rowOf(table, 'CAP');
    expect(cap.getByText('12,500')).toBeTruthy();
    expect(cap.getByText('500 short · 2,000 canceled')).toBeTruthy();
    expect(rowOf(table, 'TEE-L').getByText('$1,234.50')).toBeTruthy();
    expect(within(table).queryByText(/missing/)).toBeNull();
  });

  it('says what is still to ship while a shipment is open, and prices in the configured currency', () => {
    const table = renderLines(
      {
        id: 'o2',
        primaryReference: 'SO-2',
        status: 'PRS',
        orderLines: [{ lineNumber: '1', productCode: 'BOOT', quantity: 4, linePrice: 59.9875 }],
        shipments: [
          { id: 's1', status: 'PIC', shipmentLines: [{ lineNumber: '1', productCode: 'BOOT', quantity: 4 }] },
        ],
      },
      'EUR',
    );
    const boot = rowOf(table, 'BOOT');
    expect(boot.getByText('Not shipped yet')).toBeTruthy();
    expect(boot.getByText('4 to ship')).toBeTruthy();
    expect(boot.getByText('€59.9875')).toBeTruthy();
  });
});
