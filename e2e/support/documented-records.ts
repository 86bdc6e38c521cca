// The records the documented stand-in (documented-operator.ts) holds, shaped as operator-docs.md shows them.

const hex24 = (n: number) => `677eddd7813921e2260${String(n).padStart(5, '0')}`;

export const documented = {
  receive: 'RC-DOC-1',
  order: 'SO-DOC-1',
  unknownStatusOrder: 'SO-DOC-2',
  pascalCaseOrder: 'SO-DOC-3',
  product: 'SKU-DOC-1',
  productId: hex24(301),
  takenProductCode: 'SKU-TAKEN',
};

const created = '2025-01-06T09:00:00+00:00';

export const receives = [
  {
    id: hex24(101),
    dateCreated: created,
    dateLastUpdated: '2025-01-09T10:00:00+00:00',
    status: 'CAN',
    warehouseCode: 'CLW',
    primaryReference: documented.receive,
    transportReference: 'MSCU1234567',
    eta: '2025-01-08T00:00:00+00:00',
    additionalReferences: [],
    receiveLines: [
      {
        lineNumber: 1,
        externalLineReference: 'L-1',
        productCode: documented.product,
        quantity: 1.0,
        palletId: 'PLT-0001',
        partAttributes: [{ key: 'SERIAL NUMBER', value: 'SN-0001' }],
      },
      {
        lineNumber: 2,
        externalLineReference: 'L-1',
        productCode: documented.product,
        quantity: 1.0,
        palletId: 'PLT-0001',
        partAttributes: [{ key: 'SERIAL NUMBER', value: 'SN-0002' }],
      },
    ],
    shipments: [
      {
        id: hex24(102),
        status: 'FIN',
        warehouseCode: 'CLW',
        primaryReference: documented.receive,
        wmsDocketId: 'DKT-40021',
        arrivalDate: '2025-01-08T14:05:00+00:00',
        eta: '2025-01-08T00:00:00+00:00',
        transportReference: 'PRO-88123',
        dateCreated: created,
        dateLastUpdated: '2025-01-08T16:00:00+00:00',
        milestones: [
          { code: 'WHE', description: 'Created', sequence: '1', actualDate: created },
          { code: 'REC', description: 'Received', sequence: '2', actualDate: '2025-01-08T15:30:00+00:00' },
        ],
        receiveLines: [
          {
            lineNumber: 1,
            productCode: documented.product,
            quantity: 1.0,
            palletId: 'PLT-0001',
            holdCode: '',
          },
          {
            lineNumber: 2,
            productCode: documented.product,
            quantity: 1.0,
            palletId: 'PLT-0001',
            holdCode: 'QA',
          },
        ],
      },
    ],
    receiptChannel: 'EDI',
  },
  {
    id: hex24(111),
    dateCreated: created,
    dateLastUpdated: '2025-01-07T10:00:00+00:00',
    status: 'PRS',
    warehouseCode: 'CLW',
    primaryReference: 'RT-DOC-1',
    subtype: 'RET',
    receiveLines: [{ lineNumber: 1, productCode: documented.product, quantity: 1.0 }],
    shipments: [],
  },
];

const shipTo = {
  address: {
    addressLine1: '100 Main St',
    city: 'Clearwater',
    state: 'FL',
    postalCode: '33755',
    country: 'US',
  },
  contact: { personName: 'Dana Reyes', email: 'dana@example.com' },
};

const orderLines = [{ lineNumber: 1, productCode: documented.product, quantity: 2.0, linePrice: 39.99 }];

export const orders = [
  {
    id: hex24(201),
    dateCreated: created,
    dateLastUpdated: '2025-01-08T12:00:00+00:00',
    status: 'PRS',
    warehouseCode: 'CLW',
    primaryReference: documented.order,
    requiredShipDate: '2023-05-15T00:00:00+00:00',
    shipToAddress: shipTo,
    transportDetail: {},
    rateGroup: 'RG',
    jobCosting: { branch: 'TPA' },
    packingRequired: false,
    excludeFromTotePicking: true,
    orderLines,
    shipments: [
      {
        id: hex24(202),
        wmsId: 'WMS-7781',
        status: 'HEL',
        dateCreated: created,
        dateLastUpdated: '2025-01-08T12:00:00+00:00',
        transportDetail: {},
        jobCosting: {},
        trackingDetail: {},
        milestones: [{ code: 'WHE', description: 'Created', sequence: '1', actualDate: created }],
        shipmentLines: [{ lineNumber: 1, productCode: documented.product, quantity: 2.0 }],
      },
    ],
  },
  {
    id: hex24(211),
    dateCreated: created,
    dateLastUpdated: '2025-01-07T12:00:00+00:00',
    status: 'XDK',
    warehouseCode: 'CLW',
    primaryReference: documented.unknownStatusOrder,
    shipToAddress: shipTo,
    transportDetail: {},
    jobCosting: {},
    orderLines,
    shipments: [],
  },
  {
    id: hex24(221),
    dateCreated: created,
    dateLastUpdated: '2025-01-05T12:00:00+00:00',
    status: 'FIN',
    warehouseCode: 'CLW',
    primaryReference: documented.pascalCaseOrder,
    shipToAddress: shipTo,
    orderLines,
    // As one of the operator's examples prints a read.
    Shipments: [
      {
        Id: hex24(222),
        Status: 'FIN',
        TrackingDetail: { CarrierCode: 'UPS', TrackingNumber: '1Z999AA10123456784' },
        Milestones: [{ Code: 'WHE', Description: 'Created', Sequence: '1', ActualDate: created }],
        ShipmentLines: [{ LineNumber: 1, ProductCode: documented.product, Quantity: 2.0 }],
      },
    ],
  },
];

export const products = Array.from({ length: 23 }, (_, n) => ({
  id: hex24(300 + n),
  productCode: n === 1 ? documented.product : `SKU-DOC-${String(n + 100)}`,
  productDescription: n === 1 ? 'Handheld scanner' : `Documented product ${n}`,
  productUnit: 'UNT',
  unitPrice: '39.99',
  unitPriceCurrency: 'USD',
  dimHeight: 13.25,
  dimUnit: 'IN',
  pickMode: n === 1 ? 'ANE' : 'ASP',
  productAttributes:
    n === 1
      ? [{ key: 'SERIAL NUMBER', requiredForWarehouseRelease: true, requiredForRfConfirmation: false }]
      : [],
  customFields: [],
  dateCreated: created,
  dateLastUpdated: `2025-01-${String(28 - n).padStart(2, '0')}T08:00:00+00:00`,
  hazardClass: n === 1 ? '9' : undefined,
}));
