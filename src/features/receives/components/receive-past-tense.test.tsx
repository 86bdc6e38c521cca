// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type Receive, receiveSchema } from '@/contract/receive';
import { computeReceiveCompleteness } from '@/domain/receive-completeness';
import { receiveKindWords } from '../model/receive-kind';
import { ReceiveAnswer } from './receive-answer';
import { ReceiveShipments } from './receive-shipments';
import { ReceivedSublinesTable } from './received-sublines-table';

afterEach(cleanup);

/** PO-9 with `status`, as the warehouse sends it with the shipments given (none by default). */
const receiveWith = (status: string, shipments: unknown[] = []): Receive =>
  receiveSchema.parse({
    id: `r-${status}`,
    status,
    primaryReference: 'PO-9',
    receiveLines: [{ lineNumber: '1', productCode: 'BOLT-10', quantity: 10, quantityUnit: 'EA' }],
    shipments,
  });

/** The parts of a receive page that may say nothing came (yet): the glance, the sublines, the shipments. */
function renderReceive(receive: Receive) {
  const completeness = computeReceiveCompleteness(receive);
  render(
    <MantineProvider>
      <ReceiveAnswer receive={receive} completeness={completeness} words={receiveKindWords.receives} />
      <ReceivedSublinesTable
        status={receive.status}
        lines={completeness.lines}
        attributeLabels={{}}
        shipmentIds={receive.shipments.map((shipment) => shipment.id)}
      />
      <ReceiveShipments shipments={receive.shipments} status={receive.status} />
    </MantineProvider>,
  );
  return document.body.textContent ?? '';
}

describe('a receive page speaks of what happened once the receive is over', () => {
  it('says a receive canceled before any shipment was, never "yet"', () => {
    const text = renderReceive(receiveWith('CAN'));
    expect(screen.getAllByText('Canceled before the warehouse opened a shipment.')).toHaveLength(2);
    expect(screen.getByText('Canceled: no serial numbers, lots or expiry dates were captured.')).toBeTruthy();
    expect(text).not.toMatch(/\byet\b/i);
  });

  it('says no serial numbers were captured on a finalized receive, never "captured yet"', () => {
    const finalized = receiveWith('FIN', [
      {
        id: 's-1',
        status: 'FIN',
        milestones: [{ code: 'FIN', sequence: '1', actualDate: '2026-11-20T10:00:00Z' }],
        receiveLines: [{ lineNumber: '1', productCode: 'BOLT-10', quantity: 10 }],
      },
    ]);
    const text = renderReceive(finalized);
    expect(screen.getByText('No serial numbers, lots or expiry dates were captured.')).toBeTruthy();
    expect(text).not.toMatch(/\byet\b/i);
  });

  it('says a receive finalized without a shipment recorded nothing arriving', () => {
    const text = renderReceive(receiveWith('FIN'));
    expect(
      screen.getAllByText('Finalized without a shipment: the warehouse recorded nothing arriving.'),
    ).toHaveLength(2);
    expect(text).not.toMatch(/\byet\b/i);
  });

  it('still says what is to come while the receive is open', () => {
    renderReceive(receiveWith('PRS'));
    expect(screen.getAllByText('The warehouse has not opened a shipment yet.')).toHaveLength(2);
    expect(screen.getByText('No serial numbers, lots or expiry dates captured yet.')).toBeTruthy();
  });
});
