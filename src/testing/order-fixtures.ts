import { type Order, orderSchema } from '@/contract/order';

/**
 * Orders as the interface sends them, parsed through the contract like every response: between them
 * they use every variation the spec says occurs (32-hex and UUID ids, two- and three-letter countries,
 * omitted contact and address members, line prices and costs with 2 or 4 decimals, wmsId, addressNote,
 * extra members the operator may add at any time). The raw bodies are exported for the envelope test.
 */
export const shippedShortRaw = {
  id: '8f14e45fceea167a5a36dedd4bea2543',
  dateCreated: '2026-11-20T09:15:00-05:00',
  dateLastUpdated: '2026-11-21T16:40:12-05:00',
  status: 'FIN',
  warehouseCode: 'LAW',
  primaryReference: 'SO-1001',
  secondaryReference: 'PO-77',
  requiredShipDate: '2026-11-21',
  shipToAddress: {
    address: {
      organization: 'Acme Outdoor',
      addressLine1: '12 Harbor Road',
      addressLine2: '',
      country: 'USA',
      state: 'CA',
      city: 'Long Beach',
      postalCode: '90802',
      isResidential: false,
      addressNote: 'Dock 4, ring the bell',
    },
    contact: { personName: 'Dana Reyes', phoneNumber: '+1 555 0100', emailAddress: 'dana@example.com' },
  },
  orderLines: [
    {
      lineNumber: '1',
      externalLineReference: 'L1',
      productCode: 'TENT-2P',
      quantity: 2,
      quantityUnit: 'UNT',
      linePrice: 129.95,
      partAttributes: [],
    },
    {
      lineNumber: '2',
      externalLineReference: 'L2',
      productCode: 'LAMP-01',
      quantity: 5,
      quantityUnit: 'UNT',
      partAttributes: [{ key: 'LOT', value: 'B-22' }],
    },
  ],
  additionalReferences: [{ key: 'ticket', value: 'ZD-4411' }],
  note: 'Gift wrap the lamps',
  transportDetail: { carrierCode: 'UPS', serviceLevelCode: 'GND' },
  forwardingData: { incoTerm: 'DAP' },
  priority: 2,
  tags: [],
  additionalNotes: [],
  futureMember: { anything: true },
  shipments: [
    {
      id: 'c9f0f895fb98ab9159f51fd0297e236d',
      wmsId: 'WMS-558201',
      status: 'FIN',
      dateCreated: '2026-11-20T09:15:00-05:00',
      dateLastUpdated: '2026-11-21T16:40:12-05:00',
      actualShipDate: '2026-11-21T16:40:12-05:00',
      trackingDetail: {
        carrierCode: 'UPS',
        carrierName: 'United Parcel Service',
        serviceLevelCode: 'GND',
        trackingNumber: '1Z999AA10123456784',
      },
      totalCost: '18.40',
      totalCostUnit: 'USD',
      packages: [
        {
          packageReference: 'PKG-1',
          weight: 12.5,
          weightUnit: 'LB',
          length: 0.6,
          width: 0.4,
          height: 0.3,
          dimUnit: 'M',
          packageType: 'BOX',
          packedLines: [{ quantity: 2, orderLineReference: '1', productCode: 'TENT-2P' }],
        },
        {
          packageReference: 'PKG-2',
          weight: 3,
          weightUnit: 'LB',
          length: 0.3,
          width: 0.2,
          height: 0.2,
          dimUnit: 'M',
          packageType: 'BOX',
          packedLines: [{ quantity: 3, orderLineReference: '2', productCode: 'LAMP-01' }],
        },
      ],
      shipmentLines: [
        {
          lineNumber: '1',
          productCode: 'TENT-2P',
          quantity: 2,
          linePrice: 129.95,
          sublines: [
            { quantity: 1, partAttributes: [{ key: 'SN', value: 'SN-0001' }] },
            { quantity: 1, partAttributes: [{ key: 'SN', value: 'SN-0002' }] },
          ],
        },
        { lineNumber: '2', productCode: 'LAMP-01', quantity: 3, sublines: [] },
      ],
      milestones: [
        { code: 'FIN', description: 'Shipped', sequence: '3', actualDate: '2026-11-21T16:40:12-05:00' },
        { code: 'WHE', description: 'Order entered', sequence: '1', actualDate: '2026-11-20T09:15:00-05:00' },
        { code: 'WHI', description: 'Sent to pick', sequence: '2', actualDate: '2026-11-21T08:02:00-05:00' },
      ],
      somethingNew: 'ignored',
    },
  ],
};

export const twoShipmentsRaw = {
  id: '3b241101-e2bb-4255-8caf-4136c566a962',
  dateCreated: '2026-11-22T10:00:00+01:00',
  dateLastUpdated: '2026-11-22T12:30:00+01:00',
  status: 'PRS',
  warehouseCode: 'NJE',
  primaryReference: 'SO-2002',
  shipToAddress: { address: { addressLine1: '5 Rue Lafayette', country: 'FR', city: 'Paris' } },
  orderLines: [
    { lineNumber: '1', productCode: 'BOOT-42', quantity: 4, quantityUnit: 'UNT', linePrice: 59.9875 },
    { lineNumber: '2', productCode: 'SOCK-M', quantity: 10, quantityUnit: 'UNT' },
  ],
  rateGroup: 'EXPEDITED',
  transportDetail: null,
  shipments: [
    {
      id: '6fa459ea-ee8a-3ca4-894e-db77e160355e',
      status: 'FIN',
      actualShipDate: '2026-11-22T12:30:00+01:00',
      trackingDetail: {
        carrierCode: 'DHL',
        carrierName: 'DHL Express',
        serviceLevelCode: 'EXP',
        trackingNumber: 'JD0146000033',
      },
      totalCost: '42.1000',
      totalCostUnit: 'USD',
      packages: [
        {
          packageReference: 'P-A',
          weight: 4,
          weightUnit: 'LB',
          packedLines: [{ quantity: 4, productCode: 'BOOT-42' }],
        },
      ],
      shipmentLines: [{ lineNumber: '1', productCode: 'BOOT-42', quantity: 4 }],
      milestones: [
        { code: 'WHE', sequence: '1', actualDate: '2026-11-22T10:00:00+01:00' },
        { code: 'WHI', sequence: '2', actualDate: '2026-11-22T11:00:00+01:00' },
        { code: 'FIN', sequence: '3', actualDate: '2026-11-22T12:30:00+01:00' },
      ],
    },
    {
      id: '9a0364b9-e99b-4b8b-a2a4-6d0f8d7e5c11',
      status: 'ENT',
      trackingDetail: { carrierCode: 'ONTRAC', trackingNumber: 'C11223344' },
      packages: [],
      // An open shipment's lines are the plan, not what left: they must not count as shipped.
      shipmentLines: [{ lineNumber: '2', productCode: 'SOCK-M', quantity: 10 }],
      milestones: [{ code: 'WHE', sequence: '1', actualDate: '2026-11-22T10:05:00+01:00' }],
    },
  ],
};

export const shippedShortOrder: Order = orderSchema.parse(shippedShortRaw);
export const twoShipmentOrder: Order = orderSchema.parse(twoShipmentsRaw);

/** An order input the contract accepts, small enough for schema tests to vary one member at a time. */
export const validOrderInput = {
  warehouseCode: 'LAW',
  primaryReference: 'SO-1',
  shipToAddress: { address: { addressLine1: '1 Main St', country: 'US' } },
  orderLines: [{ productCode: 'P', quantity: 2 }],
};
