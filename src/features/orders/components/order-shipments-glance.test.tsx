// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type Order, orderSchema } from '@/contract/order';
import { formatDate } from '@/domain/format';
import { shippedShortRaw, twoShipmentsRaw } from '@/testing/order-fixtures';
import { renderWithSettings } from '@/testing/render-with-settings';
import { OrderDetails } from './order-details';

afterEach(cleanup);

function renderOrder(order: Order) {
  return renderWithSettings(<OrderDetails order={order} />);
}

const glance = () => within(screen.getByRole('region', { name: 'Shipments' }));
const [shipped] = shippedShortRaw.shipments;

const heldOrder = orderSchema.parse({
  ...shippedShortRaw,
  status: 'PRS',
  shipments: [
    {
      ...shipped,
      status: 'HEL',
      actualShipDate: null,
      trackingDetail: null,
      packages: [],
      shipmentLines: [],
      milestones: [
        { code: 'WHE', sequence: '1', actualDate: '2026-11-20T09:15:00-05:00' },
        {
          code: 'HEL',
          description: 'On hold: Payment under review',
          sequence: '2',
          actualDate: '2026-11-21T10:00:00-05:00',
        },
      ],
    },
  ],
});

describe('the top of an order page', () => {
  it('says On hold in the header with the reason as a banner, and since when the shipment is held', () => {
    renderOrder(heldOrder);
    const title = screen.getByRole('heading', { level: 1, name: 'Order SO-1001' });
    expect(within(title.parentElement as HTMLElement).getAllByText('On hold')).toHaveLength(1);
    const banner = screen.getByRole('alert');
    expect(banner.textContent).toBe('On holdPayment under review');
    const shipment = glance().getByRole('article', { name: 'Shipment' });
    expect(
      within(shipment).getByText(
        `On hold since ${formatDate('2026-11-21T10:00:00-05:00')}: Payment under review`,
      ),
    ).toBeTruthy();
    expect(within(shipment).getByText('No tracking yet.')).toBeTruthy();
    // Planned by transport detail, not yet tracked: the carrier the order asks for, in words.
    expect(within(shipment).getByText('UPS Ground')).toBeTruthy();
  });

  it('puts no banner on an order that is not held', () => {
    renderOrder(orderSchema.parse(shippedShortRaw));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('gives a shipped shipment its date, carrier in words, tracking with copy and a carrier link', () => {
    renderOrder(orderSchema.parse(shippedShortRaw));
    const shipment = glance().getByRole('article', { name: 'Shipment' });
    expect(within(shipment).getByText('Shipped')).toBeTruthy();
    expect(within(shipment).getByText(`Shipped on ${formatDate(shipped.actualShipDate)}`)).toBeTruthy();
    expect(within(shipment).getByText('United Parcel Service Ground')).toBeTruthy();
    expect(
      within(shipment).getByRole('button', { name: 'Copy tracking number 1Z999AA10123456784' }),
    ).toBeTruthy();
    expect(
      within(shipment)
        .getByRole('link', { name: /Track on the UPS site/ })
        .getAttribute('href'),
    ).toBe('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    // Two lamps of five never left.
    expect(screen.getByTestId('still-owed').textContent).toBe('Still owed: 2 × LAMP-01');
  });

  it('shows both shipments of a split order together, a carrier it does not know as sent', () => {
    renderOrder(orderSchema.parse(twoShipmentsRaw));
    const first = glance().getByRole('article', { name: 'Shipment 1 of 2' });
    const second = glance().getByRole('article', { name: 'Shipment 2 of 2' });
    expect(
      within(first)
        .getByRole('link', { name: /Track on the DHL Express site/ })
        .getAttribute('href'),
    ).toContain('AWB=JD0146000033');
    expect(within(second).getByText('ONTRAC')).toBeTruthy();
    // No public tracking page we know: the number and copy button, no link.
    expect(within(second).getByRole('button', { name: 'Copy tracking number C11223344' })).toBeTruthy();
    expect(within(second).queryByRole('link')).toBeNull();
    expect(screen.getByTestId('still-owed').textContent).toBe('Still owed: 10 × SOCK-M');
  });

  it('says Canceled for a canceled shipment, never "No tracking yet", and nothing owed on a canceled order', () => {
    renderOrder(
      orderSchema.parse({
        ...twoShipmentsRaw,
        status: 'CAN',
        shipments: twoShipmentsRaw.shipments.map((shipment) => ({
          ...shipment,
          status: 'CAN',
          trackingDetail: null,
          milestones: [
            { code: 'CAN', description: 'Canceled: Duplicate order', actualDate: '2026-11-22T08:00:00Z' },
          ],
        })),
      }),
    );
    const first = glance().getByRole('article', { name: 'Shipment 1 of 2' });
    expect(within(first).getByText('Canceled')).toBeTruthy();
    expect(
      within(first).getByText(`Canceled on ${formatDate('2026-11-22T08:00:00Z')}: Duplicate order`),
    ).toBeTruthy();
    expect(within(first).getByText('Canceled: nothing to track.')).toBeTruthy();
    expect(glance().queryByText(/No tracking yet/)).toBeNull();
    expect(screen.getByTestId('still-owed').textContent).toBe('Still owed: nothing, the order was canceled.');
  });

  it('owes nothing once everything ordered has shipped, never "0:"', () => {
    const [tent, lamp] = shippedShortRaw.orderLines;
    renderOrder(orderSchema.parse({ ...shippedShortRaw, orderLines: [tent, { ...lamp, quantity: 3 }] }));
    expect(screen.getByTestId('still-owed').textContent).toBe(
      'Still owed: nothing, everything ordered has shipped.',
    );
  });

  it('says what was canceled beside what shipped, in the header and in what is owed, never that everything shipped', () => {
    const [boots, socks] = twoShipmentsRaw.shipments;
    renderOrder(
      orderSchema.parse({
        ...twoShipmentsRaw,
        status: 'FIN',
        shipments: [boots, { ...socks, status: 'CAN', trackingDetail: null }],
      }),
    );
    const title = screen.getByRole('heading', { level: 1, name: 'Order SO-2002' });
    expect(within(title.parentElement as HTMLElement).getByText('Shipped, 10 canceled')).toBeTruthy();
    expect(screen.getByTestId('still-owed').textContent).toBe(
      'Still owed: nothing, 4 × BOOT-42 shipped and 10 × SOCK-M canceled with shipment 2.',
    );
  });

  it('keeps machine ids out of the first screen, inside the technical details', () => {
    const order = orderSchema.parse(shippedShortRaw);
    renderOrder(order);
    for (const id of [order.id, shipped.id, 'WMS-558201']) {
      const disclosure = screen.getByText(id).closest('details');
      expect(disclosure?.open).toBe(false);
      expect(within(disclosure as HTMLElement).getByText('Technical details')).toBeTruthy();
    }
  });
});
