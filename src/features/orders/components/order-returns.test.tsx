// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { shippedShortOrder } from '@/testing/order-fixtures';
import { buildReturn } from '@/testing/receive-fixtures';
import { renderInApp } from '@/testing/render-in-app';
import { OrderReturns } from './order-returns';

afterEach(cleanup);

// SO-1001 shipped 2 TENT-2P and 3 LAMP-01.
const returns = [
  buildReturn({
    reference: 'RMA-1',
    originalOrder: 'SO-1001',
    status: 'FIN',
    announced: { 'LAMP-01': 2 },
    received: { 'LAMP-01': 2 },
  }),
  buildReturn({ reference: 'RMA-2', originalOrder: 'SO-1001', announced: { 'LAMP-01': 1, 'TENT-2P': 1 } }),
];

describe("an order's returns", () => {
  it('lists each return with its state, what it announced and received back, linked to its page', async () => {
    renderInApp(() => <OrderReturns order={shippedShortOrder} returns={returns} />);
    const table = await screen.findByRole('table', { name: 'The returns of order SO-1001' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows.map((cells) => cells.slice(0, 5))).toEqual([
      ['RMA-1', 'CompleteFIN', '2 × LAMP-01', '2 × LAMP-01', 'Damaged'],
      ['RMA-2', 'AwaitingPRS', '1 × LAMP-01, 1 × TENT-2P', 'None', 'Damaged'],
    ]);
    expect(within(table).getByRole('link', { name: 'RMA-2' }).getAttribute('href')).toBe('/returns/RMA-2');
    expect(screen.getByRole('heading', { name: 'Returns (2)' })).toBeTruthy();
    expect(screen.getByTestId('returned-units').textContent).toBe(
      'Coming back: 1 of 2 × TENT-2P shipped, 3 of 3 × LAMP-01 shipped',
    );
  });

  it('says when no return names the order', async () => {
    renderInApp(() => <OrderReturns order={shippedShortOrder} returns={[]} />);
    expect(await screen.findByText('No return names this order.')).toBeTruthy();
    expect(screen.queryByTestId('returned-units')).toBeNull();
  });
});
