// @vitest-environment jsdom

import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { returnReferences } from '../../../contract/return-references';
import { computeReceiveCompleteness } from '../../../lib/receive-completeness';
import { shippedShortOrder } from '../../../testing/order-fixtures';
import { buildReceive } from '../../../testing/receive-fixtures';
import { isReadyToRefund, returnLineRows } from '../model/return-lines';
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
      ['2 UNT', '0 UNT', '0 UNT', '—'],
      ['3 UNT', '2 UNT', '1 UNT', 'Damaged'],
      ['Not on the order', '1', '1', 'Wrong item'],
    ]);
    expect(screen.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual([
      'TENT-2P',
      'LAMP-01',
      'MUG-9',
    ]);
  });

  it('is ready to refund once finalized with everything announced back, not before, not short', () => {
    expect(isReadyToRefund(returnOf('FIN', 2), computeReceiveCompleteness(returnOf('FIN', 2)))).toBe(true);
    expect(isReadyToRefund(returnOf('PRS', 2), computeReceiveCompleteness(returnOf('PRS', 2)))).toBe(false);
    expect(isReadyToRefund(returnOf('FIN', 1), computeReceiveCompleteness(returnOf('FIN', 1)))).toBe(false);
  });
});
