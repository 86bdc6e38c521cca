// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInApp } from '@/testing/render-in-app';
import { StatusBadge } from './status-badge';

afterEach(cleanup);

describe('StatusBadge', () => {
  it('names a documented status by whose it is, and shows its code', async () => {
    renderInApp(() => (
      <>
        <StatusBadge status="HEL" of="order-shipment" />
        <StatusBadge status="FIN" of="order-shipment" />
        <StatusBadge status="FIN" of="receive" />
      </>
    ));
    expect(await screen.findByText('On hold (HEL)')).toBeTruthy();
    expect(screen.getByText('Shipped (FIN)')).toBeTruthy();
    expect(screen.getByText('Finalized (FIN)')).toBeTruthy();
  });

  it('shows a code it does not know as sent, with a generic label', async () => {
    renderInApp(() => <StatusBadge status="XDK" of="order-shipment" />);
    expect(await screen.findByText('Other status (XDK)')).toBeTruthy();
    expect(screen.getByTitle('Status code XDK')).toBeTruthy();
  });

  it('never blanks: a missing code says so, and inherited names are not statuses', async () => {
    renderInApp(() => (
      <>
        <StatusBadge status="" of="receive" />
        <StatusBadge status="constructor" of="receive" />
        <StatusBadge status="constructor" of="order-shipment" />
      </>
    ));
    expect(await screen.findByText('No status')).toBeTruthy();
    expect(screen.getAllByText('Other status (constructor)')).toHaveLength(2);
  });
});
