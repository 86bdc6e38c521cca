// @vitest-environment jsdom

import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Order } from '@/contract/order';
import type { Receive } from '@/contract/receive';
import { returnReferences } from '@/contract/return-references';
import { computeReceiveCompleteness } from '@/domain/receive-completeness';
import { shippedShortOrder } from '@/testing/order-fixtures';
import { buildReceive, buildReturn } from '@/testing/receive-fixtures';
import { refundOf, returnLineRows } from '../model/return-lines';
import { ReturnLinesTable } from './return-lines-table';

afterEach(cleanup);

/** A return of SO-1001 (2 TENT-2P and 3 LAMP-01 shipped): 2 LAMP-01 back, and a product not on the order. */
function returnOf(status: string, lampsBack: number) {
  const receive = buildReceive(
    status,
    [
      { lineNumber: '1', externalLineReference: 'R1', productCode: 'LAMP-01', quantity: 2 },
      { lineNumber: '2', externalLineReference: 'R2', productCode: 'MUG-9', quantity: 1 },
    ],
    [
      {
        status,
        receiveLines: [
          { lineNumber: '1', productCode: 'LAMP-01', quantity: lampsBack },
          { lineNumber: '2', productCode: 'MUG-9', quantity: 1 },
        ],
      },
    ],
  );
  receive.dateCreated = '2026-11-22T10:00:00Z';
  receive.additionalReferences = returnReferences('SO-1001', [
    { externalLineReference: 'R1', reason: 'Damaged' },
    { externalLineReference: 'R2', reason: 'Wrong item' },
  ]);
  return receive;
}

function renderTable(status: string, lampsBack: number) {
  const receive = returnOf(status, lampsBack);
  const rows = returnLineRows(shippedShortOrder, receive, computeReceiveCompleteness(receive));
  render(
    <MantineProvider>
      <ReturnLinesTable rows={rows} caption="Lines" />
    </MantineProvider>,
  );
  return screen.getAllByTestId('return-line').map((row) =>
    within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  );
}

describe('the return page table', () => {
  it('shows each line of the original order as shipped, announced back and received back, with its reason', () => {
    expect(renderTable('PRS', 1)).toEqual([
      ['2', '0', '0', '—'],
      ['3', '2', '1', 'Damaged'],
      ['Not on the order', '1', '1', 'Wrong item'],
    ]);
    expect(screen.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual([
      'TENT-2P',
      'LAMP-01',
      'MUG-9',
    ]);
  });

  it('refunds nothing before the return is finalized with everything announced back, nor without the order', () => {
    const refund = (receive: Receive, order: Order | null = shippedShortOrder) =>
      refundOf(order, receive, computeReceiveCompleteness(receive), [receive]);
    expect(refund(returnOf('PRS', 2))).toBeNull();
    expect(refund(returnOf('FIN', 1))).toBeNull();
    expect(refund(returnOf('FIN', 2), null)).toBeNull();
    // The mug is not on the order: it came back, but nothing was paid for it.
    expect(refund(returnOf('FIN', 2))).toEqual({
      refund: ['2 × LAMP-01'],
      notRefunded: ['1 × MUG-9 more than SO-1001 shipped'],
    });
  });

  it('refunds only the units no earlier return of the order received', () => {
    const receive = returnOf('FIN', 2);
    const earlier = buildReturn({
      reference: 'RMA-0',
      originalOrder: 'SO-1001',
      status: 'FIN',
      dateCreated: '2026-11-21T10:00:00Z',
      announced: { 'LAMP-01': 2 },
      received: { 'LAMP-01': 2 },
    });
    // 3 lamps shipped, 2 of them refunded with RMA-0: 1 of the 2 back here.
    expect(
      refundOf(shippedShortOrder, receive, computeReceiveCompleteness(receive), [earlier, receive]),
    ).toEqual({
      refund: ['1 × LAMP-01'],
      notRefunded: ['1 × LAMP-01 already counted by RMA-0', '1 × MUG-9 more than SO-1001 shipped'],
    });
    // Counted the other way round when RMA-0 came later: this return refunds both of its lamps.
    const later = { ...earlier, dateCreated: '2026-11-23T10:00:00Z' };
    expect(
      refundOf(shippedShortOrder, receive, computeReceiveCompleteness(receive), [later, receive])?.refund,
    ).toEqual(['2 × LAMP-01']);
  });
});
