import { describe, expect, it } from 'vitest';
import { isUnreadable, readWarehouseDocument } from './indexed-document';

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
