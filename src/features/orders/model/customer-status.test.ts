import { describe, expect, it } from 'vitest';
import { type Order, orderSchema } from '@/contract/order';
import { formatCalendarDay, formatDate } from '@/domain/format';
import {
  shippedShortOrder,
  shippedShortRaw,
  twoShipmentOrder,
  twoShipmentsRaw,
} from '@/testing/order-fixtures';
import { customerStatusText } from './customer-status';

const today = new Date('2026-11-22T12:00:00');
const names: Record<string, string> = {
  'TENT-2P': 'Two-person tent',
  'LAMP-01': 'Camp lamp',
  'CAP-1': 'Cap, blue, size M',
};
/** As the order page composes it: the index's names, the console's next step (here: contact us). */
const settings = {
  productName: (code: string) => names[code] ?? code,
  nextStep: { step: 'contact', contact: 'help@example.com' } as const,
  now: today,
};
const order = (changes: Record<string, unknown>): Order =>
  orderSchema.parse({ ...twoShipmentsRaw, ...changes });
const openShipment = twoShipmentsRaw.shipments[1] as Record<string, unknown>;

describe('customerStatusText', () => {
  it('says what was sent, when, with which carrier and its tracking link, by the customer’s own number', () => {
    expect(customerStatusText(shippedShortOrder, settings)).toBe(
      [
        'Hello Dana,',
        '',
        'Here is where your order PO-77 stands:',
        `- Sent on ${formatDate('2026-11-21T16:40:12-05:00')} with United Parcel Service: 2 × Two-person tent; 3 × Camp lamp.`,
        '  You can follow it here: https://www.ups.com/track?tracknum=1Z999AA10123456784',
        // Shipped short: every shipment closed, 2 lamps never sent; the next step is the console's setting.
        '- We could not send 2 × Camp lamp.',
        '',
        'Please contact us at help@example.com and we will make it right: a replacement or a refund, as you prefer.',
      ].join('\n'),
    );
  });

  it('says what is still being prepared and when it should leave, or that it is late', () => {
    const withDue = (requiredShipDate: string) => customerStatusText(order({ requiredShipDate }), settings);
    const expected = withDue('2026-11-25');
    expect(expected).toContain('- Being prepared: 10 × SOCK-M.');
    expect(expected).toContain(
      `- It is expected to leave our warehouse by ${formatCalendarDay('2026-11-25')}.`,
    );
    expect(expected.startsWith('Hello,\n\nHere is where your order SO-2002 stands:\n- Sent on')).toBe(true);
    expect(withDue('2026-11-20')).toContain(
      '- It is taking longer than planned; we will send you the tracking details as soon as it leaves.',
    );
    // A carrier without a tracking page we know: the number in words.
    expect(customerStatusText(twoShipmentOrder, settings)).toContain('with DHL Express: 4 × BOOT-42.');
  });

  it('says a hold kindly, never with the warehouse’s code or reason', () => {
    const held = customerStatusText(
      order({
        shipments: [
          {
            ...openShipment,
            status: 'HEL',
            milestones: [{ code: 'HEL', description: 'On hold: ADDR-CHK payment review', sequence: '2' }],
          },
        ],
      }),
      settings,
    );
    expect(held).toContain(
      '- Taking a little longer: 10 × SOCK-M. We are checking a detail and will write as soon as it is on its way.',
    );
    expect(held).not.toMatch(/HEL|ADDR-CHK|payment/);
  });

  it('says what was canceled, and an order canceled whole in one sentence', () => {
    const partly = customerStatusText(
      order({ shipments: [twoShipmentsRaw.shipments[0], { ...openShipment, status: 'CAN' }] }),
      settings,
    );
    expect(partly).toContain('- Could not be sent and was canceled: 10 × SOCK-M.');
    expect(partly).toContain('\n\nPlease contact us at help@example.com and we will make it right');
    expect(customerStatusText(order({ status: 'CAN' }), settings)).toBe(
      `Hello,\n\nYour order SO-2002 was canceled on ${formatDate(twoShipmentsRaw.dateLastUpdated)}. Nothing from it was sent.\nPlease contact us at help@example.com and we will make it right: a replacement or a refund, as you prefer.`,
    );
  });

  it('offers the next step the console is set to for what could not be sent, and none when all was sent', () => {
    const short = (step: 'refund' | 'reshipment' | 'contact') =>
      customerStatusText(shippedShortOrder, { ...settings, nextStep: { step, contact: null } })
        .split('\n')
        .at(-1);
    expect(short('refund')).toBe(
      'We are refunding you for what we could not send; the refund goes back to the way you paid.',
    );
    expect(short('reshipment')).toBe(
      'We will send what we could not send again in a new parcel and write to you with its tracking as soon as it leaves.',
    );
    expect(short('contact')).toBe(
      'Please reply to this message and we will make it right: a replacement or a refund, as you prefer.',
    );
    expect(customerStatusText(order({ requiredShipDate: '2026-11-25' }), settings)).not.toContain(
      'make it right',
    );
  });

  it('names each package’s carrier and tracking link when a split order left with two carriers, and the canceled part', () => {
    const [shipped, open] = twoShipmentsRaw.shipments as Record<string, unknown>[];
    const split = customerStatusText(
      order({
        status: 'FIN',
        orderLines: [
          ...twoShipmentsRaw.orderLines,
          { lineNumber: '3', productCode: 'CAP-1', quantity: 1, quantityUnit: 'UNT' },
        ],
        shipments: [
          {
            ...shipped,
            trackingDetail: {
              carrierCode: 'USPS',
              carrierName: 'USPS',
              trackingNumber: '9400111202555842761234',
            },
          },
          {
            ...shipped,
            id: 'second',
            shipmentLines: [{ lineNumber: '2', productCode: 'SOCK-M', quantity: 10 }],
            trackingDetail: { carrierCode: 'FEDEX', carrierName: 'FedEx', trackingNumber: '735771711426' },
          },
          {
            ...open,
            id: 'third',
            status: 'CAN',
            shipmentLines: [{ lineNumber: '3', productCode: 'CAP-1', quantity: 1 }],
          },
        ],
      }),
      settings,
    );
    const sent = `Sent on ${formatDate('2026-11-22T12:30:00+01:00')}`;
    expect(split).toBe(
      [
        'Hello,',
        '',
        'Here is where your order SO-2002 stands:',
        `- ${sent} with USPS: 4 × BOOT-42.`,
        '  You can follow it here: https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111202555842761234',
        `- ${sent} with FedEx: 10 × SOCK-M.`,
        '  You can follow it here: https://www.fedex.com/fedextrack/?trknbr=735771711426',
        '- Could not be sent and was canceled: 1 × Cap, blue, size M.',
        '',
        'Please contact us at help@example.com and we will make it right: a replacement or a refund, as you prefer.',
      ].join('\n'),
    );
  });

  it('says an order with no shipment yet was received and is being prepared', () => {
    const fresh = customerStatusText(
      orderSchema.parse({ ...shippedShortRaw, status: 'PRS', shipments: [], requiredShipDate: '2026-11-24' }),
      settings,
    );
    expect(fresh).toBe(
      [
        'Hello Dana,',
        '',
        'Here is where your order PO-77 stands:',
        `- We received your order on ${formatDate(shippedShortRaw.dateCreated)} and are preparing it.`,
        `- It is expected to leave our warehouse by ${formatCalendarDay('2026-11-24')}.`,
      ].join('\n'),
    );
  });
});
