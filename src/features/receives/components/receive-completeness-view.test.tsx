// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type Receive, receiveSchema } from '@/contract/receive';
import { formatCalendarDay } from '@/domain/format';
import { computeReceiveCompleteness } from '@/domain/receive-completeness';
import { overdueReturn, shortAndOverReceive } from '@/testing/receive-fixtures';
import { renderWithSettings } from '@/testing/render-with-settings';
import { receiveKindWords } from '../model/receive-kind';
import { ReceiveLinesTable } from './receive-lines-table';
import { ReceiveOverview } from './receive-overview';
import { ReceivedSublinesTable } from './received-sublines-table';
import { SandboxWarehousePanel } from './sandbox-warehouse-panel';

afterEach(cleanup);

// Noon on 22 November where the tests run: ETAs are read by the local calendar day.
const now = new Date(2026, 10, 22, 12);

describe('ReceiveLinesTable', () => {
  it('shows each line of a finalized receive announced against received, with what is short or extra', () => {
    const { lines } = computeReceiveCompleteness(shortAndOverReceive);
    render(
      <MantineProvider>
        <ReceiveLinesTable lines={lines} caption="Lines of PO-2001" />
      </MantineProvider>,
    );
    const table = screen.getByRole('table', { name: 'Lines of PO-2001' });
    const camera = within(table).getByRole('rowheader', { name: 'CAM-100' }).closest('tr') as HTMLElement;
    expect(
      within(camera)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1', '10', '8', '2 short', 'Short', '80%']);
    const cable = within(table).getByRole('rowheader', { name: 'CABLE-2M' }).closest('tr') as HTMLElement;
    expect(within(cable).getByText('2 extra')).toBeTruthy();
    expect(within(cable).getByText('Over')).toBeTruthy();
    expect(
      within(camera).getByRole('progressbar', { name: 'Received of CAM-100' }).getAttribute('aria-valuenow'),
    ).toBe('80');
  });

  it('says outstanding, never missing or short, for what an open receive still expects', () => {
    const open = receiveSchema.parse({
      id: 'r-open',
      status: 'PRS',
      primaryReference: 'PO-OPEN',
      receiveLines: [
        { lineNumber: '1', productCode: 'SCREW', quantity: 12500, quantityUnit: 'EA' },
        { lineNumber: '2', productCode: 'NUT', quantity: 4000 },
      ],
      shipments: [
        { id: 's-1', status: 'PRS', receiveLines: [{ lineNumber: '2', productCode: 'NUT', quantity: 1500 }] },
      ],
    });
    render(
      <MantineProvider>
        <ReceiveLinesTable lines={computeReceiveCompleteness(open).lines} caption="Lines of PO-OPEN" />
      </MantineProvider>,
    );
    const table = screen.getByRole('table', { name: 'Lines of PO-OPEN' });
    const cells = (product: string) =>
      within(within(table).getByRole('rowheader', { name: product }).closest('tr') as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells('SCREW')).toEqual(['1', '12,500', '0', '12,500 outstanding', 'Awaiting', '0%']);
    expect(cells('NUT')).toEqual(['2', '4,000', '1,500', '2,500 outstanding', 'Partly received', '38%']);
    expect(within(table).queryByText(/missing|short/i)).toBeNull();
  });

  it('says canceled for what a canceled receive never received', () => {
    const canceled = receiveSchema.parse({
      id: 'r-can',
      status: 'CAN',
      primaryReference: 'PO-CAN',
      receiveLines: [{ lineNumber: '1', productCode: 'BOLT', quantity: 10 }],
      shipments: [],
    });
    render(
      <MantineProvider>
        <ReceiveLinesTable lines={computeReceiveCompleteness(canceled).lines} caption="Lines of PO-CAN" />
      </MantineProvider>,
    );
    const row = screen.getByRole('rowheader', { name: 'BOLT' }).closest('tr') as HTMLElement;
    expect(within(row).getByText('10 canceled')).toBeTruthy();
    expect(within(row).getByText('Canceled')).toBeTruthy();
  });

  it('lists captured serial numbers, lots and expiry dates by their configured names, not those of canceled shipments', () => {
    const { lines } = computeReceiveCompleteness(shortAndOverReceive);
    render(
      <MantineProvider>
        <ReceivedSublinesTable
          status="FIN"
          lines={lines}
          attributeLabels={{ SN: 'Serial number', LOT: 'Lot', EXP: 'Expiry date' }}
          shipmentIds={shortAndOverReceive.shipments.map((shipment) => shipment.id)}
        />
      </MantineProvider>,
    );
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(9);
    expect(rows[0].textContent).toContain('Serial number SN-1');
    // By its place among the receive's shipments, not by its id.
    expect(rows[0].textContent).toContain('Shipment 2');
    expect(screen.queryByText('ship-arrived')).toBeNull();
    expect(rows[8].textContent).toContain(`Lot L-9 · Expiry date ${formatCalendarDay('2028-01-31')}`);
    expect(screen.queryByText('ship-canceled')).toBeNull();
    expect(screen.queryByText(/SN-VOID/)).toBeNull();
  });
});

describe('ReceiveOverview', () => {
  it('sums the receive up and names what to chase and what to reconcile', () => {
    const completeness = computeReceiveCompleteness(shortAndOverReceive);
    renderWithSettings(
      <ReceiveOverview
        receive={shortAndOverReceive}
        completeness={completeness}
        words={receiveKindWords.receives}
        now={now}
      />,
    );
    expect(screen.getByText('28 of 30 announced units received (93%), 2 extra')).toBeTruthy();
    const discrepancies = screen.getByTestId('discrepancies');
    expect(discrepancies.textContent).toContain('Line 1, CAM-100: 2 of 10 did not arrive');
    expect(discrepancies.textContent).toContain('Line 2, CABLE-2M: 2 more than the 20 announced');
    // Finalized: the passed ETA no longer matters.
    expect(screen.queryByText(/Overdue/)).toBeNull();
    expect(screen.getByText('Transport reference')).toBeTruthy();
  });

  it('still calls an open receive overdue when one line is short though another is over', () => {
    // 8 cameras of 10 and 22 cables of 20: as many units as announced, but cameras are missing.
    const open: Receive = { ...shortAndOverReceive, status: 'PRS' };
    const completeness = computeReceiveCompleteness(open);
    expect(completeness.received).toBe(completeness.announced);
    renderWithSettings(
      <ReceiveOverview
        receive={open}
        completeness={completeness}
        words={receiveKindWords.receives}
        now={now}
      />,
    );
    expect(screen.getByText('Overdue 4d')).toBeTruthy();
  });

  it('presents a return with RMA wording, the customer, and an overdue ETA', () => {
    renderWithSettings(
      <ReceiveOverview
        receive={overdueReturn}
        completeness={computeReceiveCompleteness(overdueReturn)}
        words={receiveKindWords.returns}
        now={now}
      />,
    );
    expect(screen.getByText('RMA reference')).toBeTruthy();
    expect(screen.getByText('Return tracking')).toBeTruthy();
    expect(screen.getByText('Customer').parentElement?.textContent).toContain('Dana Customer');
    expect(screen.getByText('Overdue 2d')).toBeTruthy();
    expect(screen.getByText('1 of 2 announced units received (50%)')).toBeTruthy();
  });
});

describe('SandboxWarehousePanel', () => {
  it('names each quantity box by product and line, so two lines of one product can be told apart', () => {
    const receive = receiveSchema.parse({
      id: 'r-2',
      status: 'PRS',
      primaryReference: 'PO-2',
      receiveLines: [
        { lineNumber: '1', productCode: 'BOLT', quantity: 5 },
        { lineNumber: '2', productCode: 'BOLT', quantity: 5 },
      ],
      shipments: [{ id: 's-2', status: 'PRS', receiveLines: [] }],
    });
    render(
      <MantineProvider>
        <QueryClientProvider client={new QueryClient()}>
          <SandboxWarehousePanel receive={receive} lines={computeReceiveCompleteness(receive).lines} />
        </QueryClientProvider>
      </MantineProvider>,
    );
    expect(screen.getByRole('textbox', { name: 'Receive BOLT, line 1' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Receive BOLT, line 2' })).toBeTruthy();
  });
});
