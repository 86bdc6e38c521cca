import { type Order, orderSchema } from '@/contract/order';
import { type Receive, receiveSchema } from '@/contract/receive';

/** Fixtures for traces of a lot or serial number: documents whose shipments captured sublines of TEA-1. */

export const lot = (value: string, quantity: number) => ({
  quantity,
  partAttributes: [
    { key: 'LOT', value },
    { key: 'EXP', value: '2028-04-24' },
  ],
});

/** A receive from Peak Naturals whose one shipment captured `sublines` of TEA-1. */
export function receiveOf(reference: string, sublines: unknown[], subtype?: 'RET'): Receive {
  return receiveSchema.parse({
    id: reference,
    primaryReference: reference,
    status: 'FIN',
    subtype,
    additionalReferences: subtype ? [{ key: 'originalOrder', value: 'SO-1' }] : [],
    shipFromAddress: {
      address: { organization: subtype ? '' : 'Peak Naturals' },
      contact: { personName: subtype ? 'Owen Murphy' : 'Logistics', emailAddress: 'owen@example.com' },
    },
    receiveLines: [{ productCode: 'TEA-1', quantity: 10 }],
    shipments: [
      {
        id: `${reference}-s`,
        status: 'FIN',
        dateLastUpdated: '2026-11-20T10:00:00Z',
        receiveLines: [{ productCode: 'TEA-1', quantity: 10, sublines }],
      },
    ],
  });
}

/** An order to `customer` in Denver whose shipment (shipped when `shipped` is given) carried `sublines` of TEA-1. */
export function orderOf(
  reference: string,
  customer: string,
  sublines: unknown[],
  shipped: string | null,
): Order {
  return orderSchema.parse({
    id: reference,
    primaryReference: reference,
    status: shipped ? 'FIN' : 'PRS',
    shipToAddress: {
      address: {
        addressLine1: '18 Larch Street',
        addressLine2: 'Apt 4',
        city: 'Denver',
        state: 'CO',
        postalCode: '80202',
        country: 'US',
      },
      contact: {
        personName: customer,
        emailAddress: `${customer.split(' ')[0]}@example.com`,
        phoneNumber: '+1 303 555 0142',
      },
    },
    orderLines: [{ productCode: 'TEA-1', quantity: 4 }],
    shipments: [
      {
        id: `${reference}-s`,
        status: shipped ? 'FIN' : 'PRS',
        actualShipDate: shipped,
        trackingDetail: shipped ? { trackingNumber: `1Z${reference}` } : null,
        shipmentLines: [{ productCode: 'TEA-1', quantity: 4, sublines }],
      },
    ],
  });
}
