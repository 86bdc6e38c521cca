import { describe, expect, it } from 'vitest';
import { normalizeKeys } from './common';
import { receiveInputSchema, receiveSchema } from './receive';

// A receive shaped like the operator's documentation (operator-docs.md): canceled while its only shipment
// is finished, a docket number, an arrival date, pallets, hold codes, serial numbers one line each.

const receiveRead = `{
  "id": "677eddd7813921e226061980",
  "primaryReference": "PO-5001",
  "status": "CAN",
  "warehouseCode": "CLW",
  "transportReference": "TRK-77",
  "eta": "2023-05-15T00:00:00+00:00",
  "dateCreated": "2023-05-10T14:03:22+00:00",
  "dateLastUpdated": "2023-05-16T09:12:00+00:00",
  "transportDetail": {},
  "jobCosting": {},
  "shipFromAddress": { "address": { "organization": "Acme Supply", "country": "US", "yard": "B" } },
  "receiveLines": [
    { "lineNumber": 1, "externalLineReference": "L1", "productCode": "DRILL-9", "quantity": 1.000,
      "palletId": "PLT-1", "partAttributes": [{ "key": "SERIAL NUMBER", "value": "SN-1" }] },
    { "lineNumber": 2, "externalLineReference": "L1", "productCode": "DRILL-9", "quantity": 1.000,
      "palletId": "PLT-1", "partAttributes": [{ "key": "SERIAL NUMBER", "value": "SN-2" }] },
    { "lineNumber": 3, "productCode": "GLUE-1", "quantity": 12.500, "quantityUnit": "KG",
      "countryOfOrigin": "DE" }
  ],
  "shipments": [
    {
      "id": "677eddd7813921e226061981",
      "status": "FIN",
      "wmsDocketId": "DK-4411",
      "arrivalDate": "2023-05-14T16:20:00+00:00",
      "eta": "2023-05-15T00:00:00+00:00",
      "transportReference": "TRK-77",
      "totalQuantity": 14.500,
      "receiveLines": [
        { "lineNumber": 1, "externalLineReference": "L1", "productCode": "DRILL-9", "quantity": 1.000,
          "holdCode": "", "palletId": "PLT-1",
          "sublines": [{ "quantity": 1.000, "partAttributes": [{ "key": "SERIAL NUMBER", "value": "SN-1" }] }] },
        { "lineNumber": 2, "externalLineReference": "L1", "productCode": "DRILL-9", "quantity": 1.000,
          "holdCode": "QC", "palletId": "PLT-1" },
        { "lineNumber": 3, "productCode": "GLUE-1", "quantity": 12.500, "holdCode": "", "binLocation": "R-2" }
      ],
      "milestones": [
        { "code": "WHE", "description": "Created", "sequence": "1", "actualDate": "2023-05-10T14:03:22+00:00" },
        { "code": "FIN", "description": "Finished", "sequence": "2", "actualDate": "2023-05-14T17:00:00+00:00" }
      ],
      "dockDoor": "7"
    }
  ]
}`;

describe('a receive read shaped like the operator’s', () => {
  const sent = JSON.parse(receiveRead);

  it('parses, and everything it carries comes back out, unknown members at every level included', () => {
    const read = receiveSchema.parse(sent);
    expect(read).toMatchObject(sent);
    expect(JSON.parse(JSON.stringify(read))).toMatchObject(sent);
  });

  it('shows the statuses as sent: the receive CAN, its only shipment FIN', () => {
    const read = receiveSchema.parse(sent);
    expect(read.status).toBe('CAN');
    expect(read.shipments.map((shipment) => shipment.status)).toEqual(['FIN']);
  });

  it('reads the shipment’s docket, arrival, transport reference and its lines’ holds and pallets', () => {
    const shipment = receiveSchema.parse(sent).shipments[0];
    expect(shipment).toMatchObject({
      wmsDocketId: 'DK-4411',
      arrivalDate: '2023-05-14T16:20:00+00:00',
      transportReference: 'TRK-77',
    });
    expect(shipment?.receiveLines.map((line) => [line.holdCode, line.palletId])).toEqual([
      ['', 'PLT-1'],
      ['QC', 'PLT-1'],
      ['', undefined],
    ]);
    expect(shipment?.receiveLines[2]?.externalLineReference).toBeUndefined();
    expect(shipment?.milestones[0]).toEqual({
      code: 'WHE',
      description: 'Created',
      sequence: '1',
      actualDate: '2023-05-10T14:03:22+00:00',
    });
  });

  it('reads a PascalCase print the same as the camelCase one', () => {
    const pascal = JSON.parse(
      receiveRead.replace(
        /"(\w)(\w*)":/g,
        (_, first: string, rest: string) => `"${first.toUpperCase()}${rest}":`,
      ),
    );
    expect(pascal).toHaveProperty('Shipments.0.WmsDocketId', 'DK-4411');
    expect(receiveSchema.parse(normalizeKeys(pascal))).toEqual(receiveSchema.parse(sent));
  });
});

describe('a receive request shaped like the operator’s', () => {
  const request = {
    warehouseCode: 'CLW',
    primaryReference: 'PO-5002',
    transportReference: 'TRK-78',
    eta: '2023-05-15T00:00:00+00:00',
    receiveLines: [
      {
        externalLineReference: 'L1',
        productCode: 'DRILL-9',
        quantity: 1,
        quantityUnit: 'UNT',
        palletId: 'PLT-1',
        partAttributes: [{ key: 'SERIAL NUMBER', value: 'SN-1' }],
      },
      {
        externalLineReference: 'L1',
        productCode: 'DRILL-9',
        quantity: 1,
        quantityUnit: 'UNT',
        palletId: 'PLT-1',
        partAttributes: [{ key: 'SERIAL NUMBER', value: 'SN-2' }],
      },
      { productCode: 'GLUE-1', quantity: 12.5, quantityUnit: 'KG' },
    ],
  };

  it('is accepted with pallets, serial numbers one line each and a shared external reference, and kept', () => {
    expect(receiveInputSchema.parse(request)).toEqual(request);
  });
});
