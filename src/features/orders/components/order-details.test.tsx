// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { orderSchema } from '@/contract/order';
import { shippedShortOrder, twoShipmentOrder } from '@/testing/order-fixtures';
import { renderWithSettings } from '@/testing/render-with-settings';
import { OrderDetails } from './order-details';

afterEach(cleanup);

function renderOrder(order = shippedShortOrder) {
  return renderWithSettings(<OrderDetails order={order} />);
}

function rowOf(table: HTMLElement, header: string) {
  return within(table)
    .getByRole('rowheader', { name: new RegExp(header) })
    .closest('tr') as HTMLElement;
}

describe('OrderDetails', () => {
  it('says who the order is for right under its heading, before the shipments, as text with no links', () => {
    renderOrder();
    const customer = screen.getByTestId('order-customer');
    expect(customer.textContent).toBe('Customer Dana Reyes · dana@example.com · +1 555 0100');
    expect(within(customer).queryAllByRole('link')).toEqual([]);
    const shipments = screen.getByRole('heading', { name: 'Shipments' });
    expect(customer.compareDocumentPosition(shipments) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows the honest state, references, warehouse, incoterm meaning, note and the address note', () => {
    renderOrder();
    const title = screen.getByRole('heading', { level: 1, name: 'Order SO-1001' });
    // The order is FIN to the operator, but a line left short: the header says so, the code small beside.
    const header = within(title.parentElement as HTMLElement);
    expect(header.getByText('Shipped short')).toBeTruthy();
    expect(header.getByText('FIN')).toBeTruthy();
    expect(header.queryByText('Shipped (FIN)')).toBeNull();
    expect(screen.getByText('PO-77')).toBeTruthy();
    expect(screen.getByText('ZD-4411')).toBeTruthy();
    expect(screen.getByText('LAW')).toBeTruthy();
    expect(screen.getByText('DAP: Delivered at place')).toBeTruthy();
    expect(screen.getByText('Gift wrap the lamps')).toBeTruthy();
    expect(screen.getByText('Note: Dock 4, ring the bell')).toBeTruthy();
    expect(screen.getByTitle('USA').textContent).toBe(
      new Intl.DisplayNames(undefined, { type: 'region' }).of('US'),
    );
  });

  it('shows timestamps in local time with the exact time on hover or focus', async () => {
    renderOrder();
    const created = document.querySelector('time[datetime="2026-11-20T09:15:00-05:00"]') as HTMLElement;
    expect(created.textContent).not.toBe('2026-11-20T09:15:00-05:00');
    fireEvent.focus(created);
    expect((await screen.findByRole('tooltip')).textContent).toMatch(/2026/);
    // A bare required ship date is a calendar day: shown as that day in every time zone.
    expect(document.querySelector('time[datetime="2026-11-21"]')?.textContent).toMatch(/21/);
  });

  it('marks each line full or short against what shipped, with part attributes and line price', () => {
    renderOrder();
    const lines = screen.getByRole('table', { name: 'Ordered against shipped, per line' });
    const tent = within(rowOf(lines, 'TENT-2P'));
    expect(tent.getByText('Full')).toBeTruthy();
    expect(tent.getByText('$129.95')).toBeTruthy();
    const lamp = within(rowOf(lines, 'LAMP-01'));
    expect(lamp.getByText('Short')).toBeTruthy();
    expect(lamp.getByText('2 short')).toBeTruthy();
    expect(lamp.queryByText(/missing/)).toBeNull();
    expect(lamp.getByText('Lot B-22')).toBeTruthy();
  });

  it('shows the shipment timeline in sequence, with packages, serials and its ids under a disclosure', () => {
    renderOrder();
    const shipment = screen.getByRole('region', { name: 'Shipment' });
    const milestones = within(shipment).getByRole('list', { name: 'Milestones of Shipment' });
    expect(
      within(milestones)
        .getAllByRole('listitem')
        .map((item) => item.textContent?.slice(0, 12)),
    ).toEqual(['Entered (WHE', 'Picking (WHI', 'Shipped (FIN']);
    expect(within(shipment).getByText('WMS-558201').closest('details')).not.toBeNull();
    const packages = within(shipment).getByRole('table', { name: 'Packages of shipment' });
    expect(within(rowOf(packages, 'PKG-1')).getByText('60 × 40 × 30 cm')).toBeTruthy();
    expect(within(rowOf(packages, 'PKG-1')).getByText('12.5 lb')).toBeTruthy();
    expect(within(rowOf(packages, 'PKG-2')).getByText('3 × LAMP-01')).toBeTruthy();
    expect(within(shipment).getByText('Serial number SN-0001, Serial number SN-0002')).toBeTruthy();
    expect(within(shipment).getByText('Shipping cost: $18.40')).toBeTruthy();
  });

  it('shows each of several shipments, a rate group, a two-letter country, no contact, and 4-decimal prices and costs', () => {
    renderOrder(twoShipmentOrder);
    expect(screen.getByRole('heading', { name: 'Milestones and packages (2)' })).toBeTruthy();
    const first = screen.getByRole('region', { name: 'Shipment 1 of 2' });
    const second = screen.getByRole('region', { name: 'Shipment 2 of 2' });
    expect(within(first).getByText('Shipping cost: $42.10')).toBeTruthy();
    expect(within(second).getByText('Not packed yet.')).toBeTruthy();
    expect(within(second).getByRole('heading', { name: 'Planned lines' })).toBeTruthy();
    expect(within(first).getByRole('heading', { name: 'What shipped' })).toBeTruthy();
    // Codes in words, each code one look away.
    const rateGroup = screen.getByTitle('Rate group code EXPEDITED');
    expect(rateGroup.textContent).toBe('Expedited');
    expect(rateGroup.parentElement?.textContent).toBe(
      'Rate group Expedited (the warehouse picks the carrier)',
    );
    expect(screen.getByTitle('FR').textContent).toBe(
      new Intl.DisplayNames(undefined, { type: 'region' }).of('FR'),
    );
    const lines = screen.getByRole('table', { name: 'Ordered against shipped, per line' });
    expect(within(rowOf(lines, 'SOCK-M')).getByText('Not shipped yet')).toBeTruthy();
    expect(within(rowOf(lines, 'BOOT-42')).getByText('$59.9875')).toBeTruthy();
    expect(screen.getByText('3b241101-e2bb-4255-8caf-4136c566a962').closest('details')).not.toBeNull();
  });

  it('renders an order whose address block and optional members are all missing', () => {
    renderOrder(orderSchema.parse({ id: 'x', primaryReference: 'BARE', status: 'PRS', shipments: [] }));
    expect(screen.getByText('No address given')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Milestones and packages (0)' })).toBeTruthy();
    expect(screen.getByText('The warehouse has not opened a shipment yet.')).toBeTruthy();
  });
});

describe('OrderDetails as the operator documents an order', () => {
  it('shows the job-costing branch, a status it does not know as sent, and a required ship date as its day', () => {
    renderOrder(
      orderSchema.parse({
        ...shippedShortOrder,
        status: 'XPD',
        jobCosting: { branch: 'Tampa' },
        transportDetail: {},
        requiredShipDate: '2023-05-15T00:00:00+00:00',
      }),
    );
    expect(screen.getByText('Job-costing branch').nextElementSibling?.textContent).toBe('Tampa');
    const title = screen.getByRole('heading', { level: 1, name: 'Order SO-1001' });
    // An order status it does not know is shown as sent beside the state its shipments tell.
    expect(within(title.parentElement as HTMLElement).getByText('XPD')).toBeTruthy();
    expect(document.querySelector('time[datetime="2023-05-15"]')?.textContent).toMatch(/15/);
    expect(screen.getByText('All fields')).toBeTruthy();
  });
});
