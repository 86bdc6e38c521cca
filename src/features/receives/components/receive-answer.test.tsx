// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type Receive, receiveSchema } from '@/contract/receive';
import { formatDate } from '@/domain/format';
import { computeReceiveCompleteness } from '@/domain/receive-completeness';
import { overdueReturn, shortAndOverReceive } from '@/testing/receive-fixtures';
import { receiveKindWords } from '../model/receive-kind';
import { ReceiveAnswer } from './receive-answer';
import { ReceiveShipments } from './receive-shipments';

afterEach(cleanup);

function renderAnswer(receive: Receive, kind: keyof typeof receiveKindWords = 'receives') {
  render(
    <MantineProvider>
      <ReceiveAnswer
        receive={receive}
        completeness={computeReceiveCompleteness(receive)}
        words={receiveKindWords[kind]}
      />
    </MantineProvider>,
  );
  return within(screen.getByRole('region', { name: 'Shipments' }));
}

const awaiting = receiveSchema.parse({
  id: 'r-awaiting',
  status: 'PRS',
  primaryReference: 'PO-9',
  transportReference: 'MSCU7654321',
  receiveLines: [
    { lineNumber: '1', productCode: 'BOLT-10', quantity: 12500, quantityUnit: 'EA' },
    { lineNumber: '2', productCode: 'NUT-10', quantity: 40, quantityUnit: 'EA' },
  ],
  shipments: [{ id: 's-1', status: 'PRS', eta: '2026-12-01T00:00:00+00:00', receiveLines: [] }],
});

describe('ReceiveAnswer', () => {
  it('calls what is still due outstanding, never missing, with the date it is expected', () => {
    const glance = renderAnswer(awaiting);
    const shipment = glance.getByRole('article', { name: 'Shipment' });
    expect(within(shipment).getByText(`Expected ${formatDate('2026-12-01T00:00:00+00:00')}`)).toBeTruthy();
    // The shipment names no transport of its own: the receive's.
    expect(within(shipment).getByText('MSCU7654321')).toBeTruthy();
    expect(glance.getByTestId('outstanding').textContent).toBe('Outstanding: 12,500 × BOLT-10, 40 × NUT-10');
    expect(glance.queryByText(/missing/i)).toBeNull();
  });

  it('says a partly received return is being received and what is still to come back', () => {
    const glance = renderAnswer(overdueReturn, 'returns');
    const shipment = glance.getByRole('article', { name: 'Shipment' });
    expect(within(shipment).getByText('Being received')).toBeTruthy();
    expect(within(shipment).getByText('Return tracking')).toBeTruthy();
    expect(glance.getByTestId('outstanding').textContent).toBe('Outstanding: 1 × LAMP-1');
  });

  it('gives each shipment of a finalized receive its state and date, and nothing outstanding', () => {
    const glance = renderAnswer(shortAndOverReceive);
    const canceled = glance.getByRole('article', { name: 'Shipment 1 of 2' });
    expect(within(canceled).getByText(`Canceled on ${formatDate('2026-11-16T09:00:00Z')}`)).toBeTruthy();
    const received = glance.getByRole('article', { name: 'Shipment 2 of 2' });
    expect(within(received).getByText(/^Received on /)).toBeTruthy();
    expect(within(received).getByText('FIN')).toBeTruthy();
    expect(glance.getByTestId('outstanding').textContent).toBe(
      'Outstanding: nothing, the warehouse finalized it.',
    );
  });
});

describe('ReceiveShipments', () => {
  it('says Received for a finalized shipment and Received so far for one still open', () => {
    render(
      <MantineProvider>
        <ReceiveShipments
          shipments={[...shortAndOverReceive.shipments, ...overdueReturn.shipments]}
          status="PRS"
        />
      </MantineProvider>,
    );
    expect(screen.getByText(/^Received: 30 units on 2 lines\./)).toBeTruthy();
    expect(screen.getByText(/^Received so far: 1 unit on 1 line\./)).toBeTruthy();
    expect(screen.getByText(/^Canceled: what it recorded is not counted as received\./)).toBeTruthy();
  });
});
