import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderSchema } from '../../contract/order';
import { receiveSchema } from '../../contract/receive';
import { orderBody, productBody, receiveBody } from '../testing/request-bodies';
import { createTestSandbox, databaseDigest, expectSuccess } from '../testing/test-harness';

/**
 * Property: whatever body an operator action receives, in whatever state the shipment is, the answer
 * is the envelope and never a 5xx; a success is a valid order or receive, and a refusal writes nothing.
 */

const orderActions = ['pick', 'hold', 'release', 'cancel', 'ship', 'split'];
const receiveActions = ['receive', 'finalize', 'cancel'];

const lineLike = fc.record(
  {
    lineNumber: fc.oneof(fc.constantFrom('1', '2', '3', 1, 2), fc.string(), fc.constant(null)),
    productCode: fc.oneof(fc.constantFrom('P1', 'P2', 'NOPE'), fc.integer()),
    quantity: fc.oneof(fc.integer({ min: -3, max: 12 }), fc.double(), fc.string(), fc.constant(null)),
    sublines: fc.oneof(
      fc.array(fc.record({ quantity: fc.integer({ min: -1, max: 4 }), partAttributes: fc.anything() }), {
        maxLength: 3,
      }),
      fc.anything(),
    ),
  },
  { requiredKeys: [] },
);

const actionBody = fc.oneof(
  fc.constant(undefined),
  fc.record(
    {
      shipmentLines: fc.oneof(fc.array(lineLike, { maxLength: 3 }), fc.anything()),
      receiveLines: fc.oneof(fc.array(lineLike, { maxLength: 3 }), fc.anything()),
      lines: fc.oneof(fc.array(lineLike, { maxLength: 3 }), fc.anything()),
      packages: fc.oneof(
        fc.array(
          fc.record(
            {
              packageReference: fc.string(),
              weight: fc.oneof(fc.double(), fc.string()),
              packedLines: fc.array(
                fc.record({
                  quantity: fc.integer({ min: -1, max: 9 }),
                  orderLineReference: fc.constantFrom('1', '2', 'x'),
                }),
                { maxLength: 3 },
              ),
            },
            { requiredKeys: [] },
          ),
          { maxLength: 3 },
        ),
        fc.anything(),
      ),
      reason: fc.oneof(fc.string(), fc.anything()),
      shipmentId: fc.oneof(fc.string(), fc.anything()),
      totalCost: fc.oneof(fc.double(), fc.string()),
      actualShipDate: fc.oneof(
        fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
        fc.string(),
      ),
    },
    { requiredKeys: [] },
  ),
  fc.anything(),
);

describe('operator actions under arbitrary input', () => {
  it('never answer 5xx; refusals write nothing; successes are valid documents', async () => {
    const sandbox = createTestSandbox();
    expectSuccess(await sandbox.call('POST', '/warehouse/v1/products', { body: productBody('P1') }));
    expectSuccess(await sandbox.call('POST', '/warehouse/v1/products', { body: productBody('P2') }));
    let created = 0;

    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('order', 'receive'),
        fc.array(fc.tuple(fc.nat(), actionBody, fc.boolean()), { minLength: 1, maxLength: 6 }),
        async (kind, steps) => {
          created++;
          const lines = [
            { productCode: 'P1', quantity: 3 },
            { productCode: 'P2', quantity: 2 },
          ];
          const doc =
            kind === 'order'
              ? expectSuccess(
                  await sandbox.call('POST', '/warehouse/v1/orders', {
                    body: orderBody(`PROP-${created}`, 'P1', { orderLines: lines }),
                  }),
                )
              : expectSuccess(
                  await sandbox.call('POST', '/warehouse/v1/receives', {
                    body: receiveBody(`PROP-${created}`, 'P1', { receiveLines: lines }),
                  }),
                );
          for (const [choice, body, named] of steps) {
            const actions = kind === 'order' ? orderActions : receiveActions;
            const action = actions[choice % actions.length];
            const shipmentPart = named && action !== 'split' ? `/shipments/${doc.shipments[0].id}` : '';
            const path = `/sandbox/v1/${kind}s/${doc.id}${shipmentPart}/${action}`;
            const before = databaseDigest(sandbox.store);
            const answer = await sandbox.call('POST', path, { body });
            expect(answer.status, JSON.stringify(answer.json)).toBeLessThan(500);
            expect(Object.keys(answer.json).sort()).toEqual(['data', 'errors', 'id', 'resource']);
            if (answer.status === 200) {
              (kind === 'order' ? orderSchema : receiveSchema).parse(answer.json.data);
            } else {
              expect(answer.json.errors.length).toBeGreaterThan(0);
              expect(databaseDigest(sandbox.store)).toBe(before);
            }
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
