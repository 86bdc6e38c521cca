import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import {
  mayBeTakenReference,
  nextReturnReference,
  orderFinished,
  takenReference,
  warehouseOnChoosing,
} from './return-form';

describe('warehouseOnChoosing', () => {
  const fromDallas = { primaryReference: 'SO-1', warehouseCode: 'DFW' };
  const fromNewJersey = { primaryReference: 'SO-2', warehouseCode: 'NJE' };

  it("takes the order's warehouse when the first order is chosen, over whatever the field held", () => {
    expect(warehouseOnChoosing(null, fromDallas, '')).toBe('DFW');
    expect(warehouseOnChoosing(null, fromDallas, 'LAW')).toBe('DFW');
  });

  it("takes the next order's warehouse when another order is chosen, even over one chosen by hand", () => {
    expect(warehouseOnChoosing(fromDallas, fromNewJersey, 'DFW')).toBe('NJE');
    expect(warehouseOnChoosing(fromDallas, fromNewJersey, 'LAW')).toBe('NJE');
  });

  it('keeps what the field holds when the same order is found again', () => {
    expect(warehouseOnChoosing(fromNewJersey, fromNewJersey, 'LAW')).toBe('LAW');
  });

  it('keeps what the field holds for an order that names no warehouse', () => {
    expect(warehouseOnChoosing(fromDallas, { primaryReference: 'SO-3', warehouseCode: '' }, 'DFW')).toBe(
      'DFW',
    );
  });
});

describe('nextReturnReference', () => {
  it('is one past the highest RMA number, as wide as it', () => {
    expect(nextReturnReference(['RMA-300010', 'RMA-300009', 'RMA-300001'])).toBe('RMA-300011');
    expect(nextReturnReference(['RMA-000099'])).toBe('RMA-000100');
    expect(nextReturnReference(['RMA-999'])).toBe('RMA-1000');
  });

  it('reads the numbers, not the text: a shorter number sorted first is not the highest', () => {
    expect(nextReturnReference(['RMA-99', 'RMA-300010'])).toBe('RMA-300011');
  });

  it('passes over references of another form, in any letter case', () => {
    expect(nextReturnReference(['WEB-RET-77', 'rma-12', 'RMA-12-B', ' RMA-10 '])).toBe('RMA-13');
  });

  it('keeps a number too long for a double exact', () => {
    expect(nextReturnReference(['RMA-90071992547409930'])).toBe('RMA-90071992547409931');
  });

  it('starts the series when no return has an RMA number', () => {
    expect(nextReturnReference([])).toBe('RMA-000001');
    expect(nextReturnReference(['RET-5'])).toBe('RMA-000001');
  });
});

describe('a taken reference', () => {
  const refusal = (status: number, pointer?: string) =>
    new ApiError(status, [
      {
        status: String(status),
        code: 'x',
        title: 'Refused',
        detail: 'A receive with primaryReference RMA-1 already exists',
        ...(pointer ? { source: { pointer } } : {}),
      },
    ]);

  it('may be what a 409, or a 400 on the reference, says; no other refusal', () => {
    expect(mayBeTakenReference(refusal(409))).toBe(true);
    expect(mayBeTakenReference(refusal(409, '/primaryReference'))).toBe(true);
    expect(mayBeTakenReference(refusal(400, '/PrimaryReference'))).toBe(true);
    expect(mayBeTakenReference(refusal(400, '/receiveLines/0/quantity'))).toBe(false);
    expect(mayBeTakenReference(refusal(400))).toBe(false);
    expect(mayBeTakenReference(refusal(500, '/primaryReference'))).toBe(false);
  });

  it('is said in words: a return, or a receive when a receive has it', () => {
    expect(takenReference('RMA-1', { subtype: 'RET' })).toEqual({
      reference: 'RMA-1',
      kind: 'return',
      message: 'A return RMA-1 already exists',
    });
    expect(takenReference('RMA-1', { subtype: undefined }).message).toBe('A receive RMA-1 already exists');
    expect(takenReference('RMA-1', null).message).toBe('A return RMA-1 already exists');
  });
});

describe('orderFinished', () => {
  it('holds once every shipment shipped or was canceled, or the order was canceled', () => {
    const shipments = (...statuses: string[]) => statuses.map((status) => ({ status }) as never);
    expect(orderFinished({ status: 'FIN', shipments: shipments('FIN', 'CAN') })).toBe(true);
    expect(orderFinished({ status: 'CAN', shipments: [] })).toBe(true);
    expect(orderFinished({ status: 'PRS', shipments: shipments('FIN', 'ENT') })).toBe(false);
    expect(orderFinished({ status: 'PRS', shipments: [] })).toBe(false);
  });
});
