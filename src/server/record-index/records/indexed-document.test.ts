import { describe, expect, it } from 'vitest';
import { enteredOrder } from '../../../sandbox/testing/test-documents';
import { isUnreadable, readProductDocument, readWarehouseDocument } from './indexed-document';

// A receive as the operator may print it (operator-docs.md): PascalCase member names, 24-hex ids, `+00:00`
// timestamps, canceled while its only shipment is finished, members the contract does not name.
const pascalReceive = {
  Id: '677eddd7813921e226061980',
  PrimaryReference: 'PO-5001',
  Status: 'CAN',
  WarehouseCode: 'CLW',
  Eta: '2023-05-15T00:00:00+00:00',
  DateLastUpdated: '2023-05-16T09:12:00+00:00',
  JobCosting: {},
  ReceiveLines: [
    {
      LineNumber: 1,
      ProductCode: 'DRILL-9',
      Quantity: 1.5,
      PalletId: 'PLT-1',
      PartAttributes: [{ Key: 'SERIAL NUMBER', Value: 'SN-1' }],
    },
  ],
  Shipments: [
    {
      Id: '677eddd7813921e226061981',
      Status: 'FIN',
      WmsDocketId: 'DK-4411',
      ArrivalDate: '2023-05-14T16:20:00+00:00',
      ReceiveLines: [{ LineNumber: 1, ProductCode: 'DRILL-9', Quantity: 1.5, HoldCode: '', DockDoor: '7' }],
    },
  ],
};

describe('readWarehouseDocument', () => {
  it('reads a PascalCase receive, keeps the status as sent and every member in camelCase', () => {
    const read = readWarehouseDocument(pascalReceive);
    if (isUnreadable(read)) throw new Error(read.reason);
    expect(read).toMatchObject({ kind: 'receive', reference: 'PO-5001', status: 'CAN', warehouse: 'CLW' });
    expect(read.searchValues).toContainEqual({
      field: 'partAttributes.SERIAL NUMBER',
      value: 'SN-1',
      group: 'items',
    });
    expect(read.document).toMatchObject({
      jobCosting: {},
      receiveLines: [{ palletId: 'PLT-1', partAttributes: [{ key: 'SERIAL NUMBER', value: 'SN-1' }] }],
      shipments: [
        {
          status: 'FIN',
          wmsDocketId: 'DK-4411',
          arrivalDate: '2023-05-14T16:20:00+00:00',
          receiveLines: [{ holdCode: '', dockDoor: '7' }],
        },
      ],
    });
  });
});

describe('what the index keeps of free text', () => {
  it('cuts a title and search values at 500 characters, so one document cannot fill the index', () => {
    const name = `Ada ${'L'.repeat(20_000)}`;
    const read = readWarehouseDocument(
      enteredOrder({
        shipToAddress: { contact: { personName: name }, address: { organization: 'O'.repeat(9000) } },
        secondaryReference: 'S'.repeat(5000),
      }),
    );
    if (isUnreadable(read)) throw new Error(read.reason);
    expect(read.title).toBe(name.slice(0, 500));
    expect(Math.max(...read.searchValues.map((item) => item.value.length))).toBe(500);
    expect(read.searchValues).toContainEqual({
      field: 'shipTo.personName',
      value: name.slice(0, 500),
      group: 'people',
    });
  });

  it('refuses a product whose code is past 35 characters or holds control characters, saying why', () => {
    const product = { id: '677eddd7813921e226061990', productCode: 'TEE-S', productDescription: 'Tee' };
    expect(isUnreadable(readProductDocument(product))).toBe(false);
    expect(readProductDocument({ ...product, productCode: 'P'.repeat(5000) })).toEqual({
      ok: false,
      reason: 'Not a readable product: productCode: Use at most 35 characters',
    });
    expect(readProductDocument({ ...product, productCode: 'TEE\u0007S' })).toMatchObject({
      ok: false,
      reason: expect.stringContaining('productCode: Must not contain control characters'),
    });
  });
});

describe('dates beyond a sane horizon', () => {
  const order = (dates: Record<string, string>) =>
    readWarehouseDocument({
      id: 'o1',
      primaryReference: 'SO-DATES',
      status: 'ENT',
      shipToAddress: {},
      orderLines: [{ productCode: 'TEE-S', quantity: 1 }],
      ...dates,
    });

  it('refuses a version changed in the year 275760, which no later version could replace', () => {
    expect(order({ dateLastUpdated: '+275760-09-13T00:00:00Z' })).toEqual({
      ok: false,
      reason:
        "Not a readable order: dateLastUpdated is more than a year ahead of the console's clock (9999 or later): not a time a record was changed",
    });
    expect(order({ dateCreated: '2099-01-01T00:00:00+00:00' })).toMatchObject({
      ok: false,
      reason: expect.stringContaining('dateCreated is more than a year ahead'),
    });
    expect(order({ requiredShipDate: '+010000-01-01T00:00:00Z' })).toMatchObject({
      ok: false,
      reason: 'Not a readable order: requiredShipDate is after the year 9999',
    });
  });

  it('takes a clock a little fast, and a ship date years ahead', () => {
    const soon = new Date(Date.now() + 60 * 60_000).toISOString();
    expect(order({ dateLastUpdated: soon, requiredShipDate: '2031-05-15T00:00:00+00:00' })).toMatchObject({
      reference: 'SO-DATES',
    });
  });
});
