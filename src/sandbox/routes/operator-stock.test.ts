import { describe, expect, it } from 'vitest';
import type { Subline } from '../../contract/order';
import { operatorSandboxPerTest } from '../testing/operator-sandbox';
import { orderBody, productBody, receiveBody } from '../testing/request-bodies';
import { expectSuccess } from '../testing/test-harness';

const { post } = operatorSandboxPerTest();

const lotProduct = productBody('VIT', {
  productAttributes: [
    { key: 'LOT', requiredForWarehouseRelease: false, requiredForRfConfirmation: true },
    { key: 'EXP', requiredForWarehouseRelease: false, requiredForRfConfirmation: false },
  ],
});
const lotSubline = (quantity: number, lot: string, expiry: string) => ({
  quantity,
  partAttributes: [
    { key: 'LOT', value: lot },
    { key: 'EXP', value: expiry },
  ],
});

async function receiveLots(reference: string, warehouseCode: string, sublines: Subline[]) {
  const receive = expectSuccess(
    await post(
      '/warehouse/v1/receives',
      receiveBody(reference, 'VIT', {
        warehouseCode,
        receiveLines: [{ productCode: 'VIT', quantity: sublines.reduce((sum, s) => sum + s.quantity, 0) }],
      }),
    ),
  );
  const quantity = sublines.reduce((sum, subline) => sum + subline.quantity, 0);
  expectSuccess(
    await post(`/sandbox/v1/receives/${receive.id}/receive`, {
      receiveLines: [{ lineNumber: '1', quantity, sublines }],
    }),
  );
}

async function shipOrder(reference: string, quantity: number, shipBody?: unknown) {
  expectSuccess(
    await post(
      '/warehouse/v1/orders',
      orderBody(reference, 'VIT', { orderLines: [{ productCode: 'VIT', quantity }] }),
    ),
  );
  expectSuccess(await post(`/sandbox/v1/orders/${reference}/pick`));
  const shipped = expectSuccess(await post(`/sandbox/v1/orders/${reference}/ship`, shipBody));
  return shipped.shipments[0].shipmentLines[0].sublines as Subline[];
}

const lotsOf = (sublines: Subline[]) =>
  sublines.map((subline) => [subline.partAttributes.find((a) => a.key === 'LOT')?.value, subline.quantity]);

describe('the warehouse ships lots from its stock', () => {
  it('picks the received lot that expires first, then the next, with each lot as a subline', async () => {
    expectSuccess(await post('/warehouse/v1/products', lotProduct));
    await receiveLots('PO-1', 'LAW', [
      lotSubline(3, 'LOTLATE', '2028-06-01'),
      lotSubline(2, 'LOTSOON', '2027-02-01'),
    ]);
    const first = await shipOrder('SO-1', 3);
    expect(lotsOf(first)).toEqual([
      ['LOTSOON', 2],
      ['LOTLATE', 1],
    ]);
    expect(first[0]?.partAttributes).toEqual([
      { key: 'LOT', value: 'LOTSOON' },
      { key: 'EXP', value: '2027-02-01' },
    ]);
    // What is left of the shelf: 2 of LOTLATE; a third unit is captured as before, with a lot of its own.
    const second = await shipOrder('SO-2', 3);
    expect(lotsOf(second)[0]).toEqual(['LOTLATE', 2]);
    expect(second).toHaveLength(2);
    expect(second[1]?.quantity).toBe(1);
  });

  it('takes from the shelf what a caller says left, and picks only from the warehouse the order ships from', async () => {
    expectSuccess(await post('/warehouse/v1/products', lotProduct));
    await receiveLots('PO-1', 'LAW', [
      lotSubline(2, 'LOTA', '2027-01-01'),
      lotSubline(2, 'LOTB', '2027-09-01'),
    ]);
    await receiveLots('PO-2', 'NJE', [lotSubline(5, 'LOTEAST', '2026-12-24')]);
    const given = [{ quantity: 2, partAttributes: [{ key: 'LOT', value: 'LOTA' }] }];
    expect(
      lotsOf(
        await shipOrder('SO-1', 2, { shipmentLines: [{ lineNumber: '1', quantity: 2, sublines: given }] }),
      ),
    ).toEqual([['LOTA', 2]]);
    expect(lotsOf(await shipOrder('SO-2', 2))).toEqual([['LOTB', 2]]);
  });

  it('puts returned lots back on the shelf', async () => {
    expectSuccess(await post('/warehouse/v1/products', lotProduct));
    const back = expectSuccess(
      await post(
        '/warehouse/v1/receives',
        receiveBody('RMA-1', 'VIT', {
          warehouseCode: 'LAW',
          subtype: 'RET',
          receiveLines: [{ productCode: 'VIT', quantity: 1 }],
        }),
      ),
    );
    expectSuccess(
      await post(`/sandbox/v1/receives/${back.id}/receive`, {
        receiveLines: [{ lineNumber: '1', quantity: 1, sublines: [lotSubline(1, 'LOTBACK', '2027-04-01')] }],
      }),
    );
    expect(lotsOf(await shipOrder('SO-1', 1))).toEqual([['LOTBACK', 1]]);
  });

  it('ships as before when nothing with lots is on the shelf', async () => {
    expectSuccess(await post('/warehouse/v1/products', lotProduct));
    const sublines = await shipOrder('SO-1', 2);
    expect(sublines).toHaveLength(1);
    expect(sublines[0]?.partAttributes.map((attribute) => attribute.key)).toEqual(['LOT', 'EXP']);
  });
});
