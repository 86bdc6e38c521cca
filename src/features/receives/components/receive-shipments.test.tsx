// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { receiveShipmentSchema } from '@/contract/receive';
import { ReceiveShipments } from './receive-shipments';

afterEach(cleanup);

// A finalized shipment shaped like the operator's documentation: docket, arrival, pallets, a hold.
const shipment = receiveShipmentSchema.parse({
  id: '677eddd7813921e226061967',
  status: 'FIN',
  wmsDocketId: 'DKT-40021',
  arrivalDate: '2025-01-08T14:05:00+00:00',
  eta: '2025-01-08T00:00:00+00:00',
  transportReference: 'PRO-88123',
  dateLastUpdated: '2025-01-08T16:00:00+00:00',
  milestones: [
    { code: 'WHE', description: 'Created', sequence: '1', actualDate: '2025-01-07T09:00:00+00:00' },
  ],
  receiveLines: [
    { lineNumber: 1, productCode: 'CAM-100', quantity: 1, palletId: 'PLT-1', holdCode: '' },
    { lineNumber: 2, productCode: 'CAM-100', quantity: 1, palletId: 'PLT-1', holdCode: 'QA' },
  ],
});

describe('ReceiveShipments', () => {
  it('shows the docket number, arrival, transport reference, pallets and hold codes the warehouse sent', () => {
    render(
      <MantineProvider>
        <ReceiveShipments shipments={[shipment]} status="FIN" />
      </MantineProvider>,
    );
    const card = screen.getByRole('region', { name: 'Shipment 1 of 1' });
    expect(within(card).getByText('DKT-40021')).toBeTruthy();
    expect(within(card).getByText('PRO-88123')).toBeTruthy();
    expect(within(card).getByText('Arrived').nextElementSibling?.textContent).not.toBe('—');
    expect(within(card).getByText('Finalized (FIN)')).toBeTruthy();
    const pallets = within(card).getByRole('table', { name: 'Pallets and holds of Shipment 1 of 1' });
    const rows = within(pallets).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['1CAM-1001PLT-1none', '2CAM-1001PLT-1On hold: QA']);
  });

  it('leaves the pallet table out when no line names a pallet or a hold', () => {
    render(
      <MantineProvider>
        <ReceiveShipments
          shipments={[
            {
              ...shipment,
              receiveLines: shipment.receiveLines.map(({ palletId, holdCode, ...line }) => line),
            },
          ]}
          status="FIN"
        />
      </MantineProvider>,
    );
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('DKT-40021')).toBeTruthy();
  });
});
