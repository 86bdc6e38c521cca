import { describe, expect, it } from 'vitest';
import { conflict, operatorSandboxPerTest, toAnswer } from '../testing/operator-sandbox';
import { expectSuccess } from '../testing/test-harness';

const { post, bare, createReceive } = operatorSandboxPerTest();

describe('receive shipment actions', () => {
  it('receives in parts, then finalizes; the receive follows to FIN', async () => {
    const receive = await createReceive();
    const partial = expectSuccess(
      await post(`/sandbox/v1/receives/${receive.id}/receive`, {
        receiveLines: [{ lineNumber: '1', quantity: 6 }],
      }),
    );
    expect(partial.status).toBe('PRS');
    expect(partial.shipments[0].totalQuantity).toBe(6);
    expect(partial.dateLastUpdated > receive.dateLastUpdated).toBe(true);
    const rest = expectSuccess(await bare(`/sandbox/v1/receives/PO-1/receive`).then(toAnswer));
    expect(rest.shipments[0].receiveLines.map((line: { quantity: number }) => line.quantity)).toEqual([
      10, 2,
    ]);
    const serials = rest.shipments[0].receiveLines[1].sublines;
    expect(
      serials.map((subline: { partAttributes: { key: string }[] }) => subline.partAttributes[0]?.key),
    ).toEqual(['SN', 'SN']);
    conflict(await post(`/sandbox/v1/receives/${receive.id}/receive`), /finalize it/);
    const done = expectSuccess(await post(`/sandbox/v1/receives/${receive.id}/finalize`));
    expect(done.status).toBe('FIN');
    expect(done.shipments[0].milestones.map((milestone: { code: string }) => milestone.code)).toEqual([
      'WHE',
      'FIN',
    ]);
  });

  it('receives over and short with given serials and lots', async () => {
    const receive = await createReceive();
    const over = expectSuccess(
      await post(`/sandbox/v1/receives/${receive.id}/receive`, {
        receiveLines: [
          { productCode: 'TEE', quantity: 12 },
          {
            productCode: 'CAM',
            quantity: 1,
            sublines: [{ quantity: 1, partAttributes: [{ key: 'SN', value: 'CAM-0001' }] }],
          },
        ],
      }),
    );
    expect(over.shipments[0].receiveLines.map((line: { quantity: number }) => line.quantity)).toEqual([
      12, 1,
    ]);
    expect(over.shipments[0].receiveLines[1].sublines[0].partAttributes).toEqual([
      { key: 'SN', value: 'CAM-0001' },
    ]);
  });

  it('cancels a return', async () => {
    const receive = await createReceive('RMA-1', { subtype: 'RET' });
    const canceled = expectSuccess(
      await post(`/sandbox/v1/receives/${receive.id}/shipments/${receive.shipments[0].id}/cancel`, {
        reason: 'customer kept it',
      }),
    );
    expect(canceled.status).toBe('CAN');
    expect(canceled.subtype).toBe('RET');
  });
});
