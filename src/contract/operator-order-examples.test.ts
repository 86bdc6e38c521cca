import { describe, expect, it } from 'vitest';
import { dayAsOperatorTimestamp, isoDateOrTimestampSchema, normalizeKeys } from './common';
import { orderInputSchema, orderSchema } from './order';
import { productCreateSchema, productSchema } from './product';

// Examples shaped like the operator's published documentation (operator-docs.md), in its own print:
// 24-hex ids, whole-second `+00:00` timestamps, three decimals, prices as strings, `{}` when unset.

const orderRead = `{
  "id": "677eddd7813921e226061966",
  "primaryReference": "SO-7001",
  "status": "PRS",
  "warehouseCode": "CLW",
  "dateCreated": "2023-05-10T14:03:22+00:00",
  "dateLastUpdated": "2023-05-11T08:00:05+00:00",
  "requiredShipDate": "2023-05-15T00:00:00+00:00",
  "transportDetail": {},
  "jobCosting": { "branch": "NORTH" },
  "packingRequired": true,
  "excludeFromTotePicking": false,
  "rateGroup": "RG",
  "consolidationGroup": "EAST-7",
  "shipToAddress": {
    "address": { "addressLine1": "1 Main St", "city": "Clearwater", "country": "US", "dockDoor": "4" },
    "contact": { "personName": "Ada Byron", "preferredLanguage": "en" }
  },
  "orderLines": [
    { "lineNumber": "1", "productCode": "BOOT-42", "quantity": 1504.000, "linePrice": "39.99",
      "partAttributes": [{ "key": "SERIAL NUMBER", "value": "SN-1" }], "customsValue": "12.0000" }
  ],
  "shipments": [
    {
      "id": "677eddd7813921e226061967",
      "wmsId": "W-88",
      "status": "PAK",
      "transportDetail": {},
      "jobCosting": {},
      "trackingDetail": { "carrierCode": "UPS", "trackingNumber": "1Z999", "trackingUrl": "https://t.example" },
      "totalCost": "0.0000",
      "packages": [
        { "packageReference": "BOX-1", "weight": 13.250, "length": 40.500, "weightUnit": "LB",
          "packedLines": [{ "quantity": 2.000, "productCode": "BOOT-42", "binLocation": "A-1" }],
          "sealNumber": "S-9" }
      ],
      "shipmentLines": [
        { "lineNumber": 1, "productCode": "BOOT-42", "quantity": 2.000, "palletId": "PLT-1",
          "sublines": [{ "quantity": 1.000, "partAttributes": [{ "key": "SERIAL NUMBER", "value": "SN-1" }] }] }
      ],
      "milestones": [
        { "code": "WHE", "description": "Created", "sequence": "1", "actualDate": "2023-05-10T14:03:22+00:00",
          "userName": "wms" }
      ],
      "dockAppointment": { "at": "2023-05-14T09:00:00+00:00" }
    }
  ]
}`;

/** The same document with every member name in PascalCase, as one of the operator's reads prints it. */
const pascalOrderRead = orderRead.replace(
  /"(\w)(\w*)":/g,
  (_, first: string, rest: string) => `"${first.toUpperCase()}${rest}":`,
);

describe('an order read shaped like the operator’s', () => {
  const sent = JSON.parse(orderRead);

  it('parses, and everything it carries comes back out, unknown members at every level included', () => {
    const read = orderSchema.parse(sent);
    expect(read).toMatchObject(sent);
    expect(JSON.parse(JSON.stringify(read))).toMatchObject(sent);
  });

  it('reads the documented shapes as sent', () => {
    const read = orderSchema.parse(sent);
    expect(read.transportDetail).toEqual({});
    expect(read.jobCosting).toEqual({ branch: 'NORTH' });
    expect(read.shipments[0]?.jobCosting).toEqual({});
    expect(read.orderLines[0]?.quantity).toBe(1504);
    expect(read.orderLines[0]?.linePrice).toBe('39.99');
    expect(read.shipments[0]?.status).toBe('PAK');
    expect(read.shipments[0]?.milestones[0]?.sequence).toBe('1');
    expect(read.shipments[0]?.packages[0]?.weight).toBe(13.25);
  });

  it('reads a PascalCase print the same as the camelCase one', () => {
    const pascal = JSON.parse(pascalOrderRead);
    expect(pascal).toHaveProperty('Shipments.0.TrackingDetail.TrackingNumber', '1Z999');
    expect(orderSchema.parse(normalizeKeys(pascal))).toEqual(orderSchema.parse(sent));
  });

  it('accepts an old sandbox record: 32-hex ids, millisecond `Z` timestamps, a bare ship date', () => {
    const old = {
      ...sent,
      id: '0123456789abcdef0123456789abcdef',
      dateCreated: '2026-11-22T14:00:00.123Z',
      requiredShipDate: '2026-11-30',
      transportDetail: null,
    };
    expect(orderSchema.parse(old)).toMatchObject(old);
  });
});

describe('an order request shaped like the operator’s', () => {
  const request = {
    warehouseCode: 'CLW',
    primaryReference: 'SO-7002',
    rateGroup: 'RG',
    requiredShipDate: '2023-05-15T00:00:00+00:00',
    shipToAddress: { address: { addressLine1: '1 Main St', country: 'US' } },
    orderLines: [
      {
        productCode: 'BOOT-42',
        quantity: 2.5,
        quantityUnit: 'UNT',
        linePrice: '39.99',
        partAttributes: [{ key: 'SERIAL NUMBER', value: 'SN-1' }],
      },
    ],
    jobCosting: { branch: 'NORTH' },
    packingRequired: true,
    excludeFromTotePicking: false,
  };

  it('is accepted and keeps what it carries', () => {
    expect(orderInputSchema.parse(request)).toEqual(request);
  });

  it('takes jobCosting as `{}`, and a line price as a number', () => {
    const parsed = orderInputSchema.parse({
      ...request,
      jobCosting: {},
      orderLines: [{ productCode: 'BOOT-42', quantity: 1, linePrice: 39.99 }],
    });
    expect(parsed.jobCosting).toEqual({});
    expect(parsed.orderLines[0]?.linePrice).toBe(39.99);
  });
});

describe('timestamps as the operator sends them', () => {
  it('accepts the documented form, and what was accepted before', () => {
    for (const value of [
      '2023-05-15T00:00:00+00:00',
      '2023-05-15T13:45:10+00:00',
      '2026-11-22',
      '2026-11-22T14:00:00Z',
      '2026-11-22T14:00:00.123Z',
      '2026-11-22T14:00:00',
    ]) {
      expect(isoDateOrTimestampSchema.safeParse(value).success, value).toBe(true);
    }
  });

  it('turns a form’s day into the operator’s midnight timestamp, and leaves anything else alone', () => {
    expect(dayAsOperatorTimestamp('2023-05-15')).toBe('2023-05-15T00:00:00+00:00');
    expect(isoDateOrTimestampSchema.safeParse(dayAsOperatorTimestamp('2023-05-15')).success).toBe(true);
    expect(dayAsOperatorTimestamp('')).toBe('');
    expect(dayAsOperatorTimestamp('2023-05-15T10:00:00+00:00')).toBe('2023-05-15T10:00:00+00:00');
  });
});

describe('products shaped like the operator’s', () => {
  it('reads a create answer without pickMode and customFields', () => {
    const created = {
      id: '677eddd7813921e226061970',
      productCode: 'BOOT-42',
      productDescription: 'Hiking boot',
      unitPrice: '0.0000',
      dimHeight: 13.25,
      dimWidth: 1504,
      weightPerProduct: 0.75,
      dateCreated: '2023-05-10T14:03:22+00:00',
      hsCode: '6403.91',
    };
    const read = productSchema.parse(created);
    expect(read).toMatchObject(created);
    expect(read.pickMode).toBeUndefined();
  });

  it('reads a product with attribute keys with spaces and keeps their unknown members', () => {
    const product = {
      id: '677eddd7813921e226061971',
      productCode: 'DRILL-9',
      pickMode: 'ANE',
      unitPrice: '39.99',
      productAttributes: [
        {
          key: 'SERIAL NUMBER',
          requiredForWarehouseRelease: true,
          requiredForRfConfirmation: false,
          format: 'A9',
        },
      ],
      customFields: [{ key: 'color', value: 'red', visibleToWarehouse: true }],
    };
    expect(productSchema.parse(product)).toMatchObject(product);
  });

  it('accepts a create request with a string price and an attribute key with spaces', () => {
    const request = {
      productCode: 'DRILL-9',
      productDescription: 'Cordless drill',
      productUnit: 'UNT',
      unitPrice: '39.99',
      dimHeight: 13.25,
      pickMode: 'ANE' as const,
      productAttributes: [
        { key: 'SERIAL NUMBER', requiredForWarehouseRelease: true, requiredForRfConfirmation: false },
      ],
    };
    expect(productCreateSchema.parse(request)).toEqual(request);
  });
});
