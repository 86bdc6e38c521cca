// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { orderSchema } from '@/contract/order';
import { shippedShortRaw } from '@/testing/order-fixtures';
import { renderWithSettings } from '@/testing/render-with-settings';
import { OrderDetails } from './order-details';

afterEach(cleanup);

const [shipped] = shippedShortRaw.shipments;

/** SO-1001 with one shipment of `status`, which the warehouse sent with nothing in it unless `with_` says. */
function orderWithShipment(
  orderStatus: string,
  status: string,
  with_: Partial<typeof shipped> = {},
): ReturnType<typeof orderSchema.parse> {
  return orderSchema.parse({
    ...shippedShortRaw,
    status: orderStatus,
    shipments: [
      {
        ...shipped,
        status,
        actualShipDate: null,
        trackingDetail: null,
        packages: [],
        shipmentLines: [],
        milestones: [],
        ...with_,
      },
    ],
  });
}

const shipmentCard = () => screen.getByRole('region', { name: 'Shipment' });
const pageText = () => document.body.textContent ?? '';

describe('an order page speaks of what happened once the order is over', () => {
  it('says nothing was packed or shipped on a canceled order, never "yet"', () => {
    renderWithSettings(<OrderDetails order={orderWithShipment('CAN', 'CAN')} />);
    const card = within(shipmentCard());
    expect(card.getByText('Nothing was packed.')).toBeTruthy();
    expect(card.getByRole('heading', { name: 'What shipped' })).toBeTruthy();
    expect(card.getByText('Canceled before anything shipped.')).toBeTruthy();
    expect(card.getByText('The warehouse sent no milestones.')).toBeTruthy();
    expect(pageText()).not.toMatch(/\byet\b/i);
  });

  it('calls the lines of a canceled shipment canceled, not planned', () => {
    renderWithSettings(
      <OrderDetails order={orderWithShipment('CAN', 'CAN', { shipmentLines: shipped.shipmentLines })} />,
    );
    const card = within(shipmentCard());
    expect(card.getByRole('heading', { name: 'Canceled lines' })).toBeTruthy();
    const table = card.getByRole('table', { name: 'Lines canceled with shipment' });
    expect(within(table).getByRole('columnheader', { name: 'Quantity canceled' })).toBeTruthy();
    expect(pageText()).not.toMatch(/\bplanned\b|\byet\b/i);
  });

  it('says what the warehouse did not report of a shipment that shipped, never that it is still to come', () => {
    renderWithSettings(<OrderDetails order={orderWithShipment('FIN', 'FIN')} />);
    const card = within(shipmentCard());
    expect(card.getByText('The warehouse reported no packages.')).toBeTruthy();
    expect(card.getByText('The warehouse reported no lines for this shipment.')).toBeTruthy();
    expect(card.getByText('The warehouse sent no milestones.')).toBeTruthy();
    const glance = within(screen.getByRole('region', { name: 'Shipments' }));
    expect(glance.getByText('The warehouse sent no tracking number.')).toBeTruthy();
    expect(pageText()).not.toMatch(/\byet\b/i);
  });

  it('names what shipped in a finished shipment with lines', () => {
    renderWithSettings(<OrderDetails order={orderSchema.parse(shippedShortRaw)} />);
    const card = within(shipmentCard());
    expect(card.getByRole('heading', { name: 'What shipped' })).toBeTruthy();
    expect(card.getByRole('table', { name: 'Lines shipped in shipment' })).toBeTruthy();
    expect(pageText()).not.toMatch(/\byet\b/i);
  });

  it('still speaks of the future while the shipment is open', () => {
    renderWithSettings(<OrderDetails order={orderWithShipment('PRS', 'ENT')} />);
    const card = within(shipmentCard());
    expect(card.getByText('Not packed yet.')).toBeTruthy();
    expect(card.getByRole('heading', { name: 'Planned lines' })).toBeTruthy();
    expect(card.getByText('Nothing has shipped in this shipment yet.')).toBeTruthy();
    expect(card.getByText('No milestones yet.')).toBeTruthy();
    expect(screen.getByText('No tracking yet.')).toBeTruthy();
  });

  it('says an order canceled before any shipment was canceled, line by line too', () => {
    renderWithSettings(
      <OrderDetails order={orderSchema.parse({ ...shippedShortRaw, status: 'CAN', shipments: [] })} />,
    );
    const glance = within(screen.getByRole('region', { name: 'Shipments' }));
    expect(glance.getByText('Canceled before the warehouse opened a shipment.')).toBeTruthy();
    const lines = screen.getByRole('table', { name: 'Ordered against shipped, per line' });
    const tent = within(lines)
      .getByRole('rowheader', { name: /TENT-2P/ })
      .closest('tr') as HTMLElement;
    expect(within(tent).getByText('Canceled')).toBeTruthy();
    expect(within(tent).getByText('2 canceled')).toBeTruthy();
    expect(pageText()).not.toMatch(/\byet\b/i);
  });
});
