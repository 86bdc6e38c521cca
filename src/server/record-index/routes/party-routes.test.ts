import { describe, expect, it } from 'vitest';
import { envelopeSchema } from '../../../contract/envelope';
import { customerPageSchema, supplierPageSchema } from '../../../contract/parties';
import { receiveSchema } from '../../../contract/receive';
import { lot, orderOf, receiveOf } from '../../../testing/trace-fixtures';
import { isUnreadable, readProductDocument } from '../records/indexed-document';
import { applyDocument, consoleWithRecords } from '../testing/list-fixtures';

async function consoleWithParties() {
  const console = await consoleWithRecords();
  for (const reference of ['SO-O1', 'SO-O2', 'SO-O3'])
    await applyDocument(
      console.records,
      orderOf(reference, 'Owen Murphy', [lot('L-1', 4)], '2026-11-21T09:00:00Z'),
    );
  await applyDocument(console.records, orderOf('SO-B1', 'Bo Chen', [], null));
  const tea = readProductDocument({
    id: 'id-tea',
    productCode: 'TEA-1',
    productDescription: 'Green tea, 100 g tin',
    productUnit: 'UNT',
    dateLastUpdated: '2026-11-21T08:00:00+00:00',
  });
  if (isUnreadable(tea)) throw new Error(tea.reason);
  await console.records.apply(tea, 'webhook');
  await applyDocument(console.records, receiveOf('RMA-O1', [lot('L-1', 1)], 'RET'));
  await applyDocument(console.records, receiveOf('PO-P1', [lot('L-1', 10)]));
  const short = receiveOf('PO-P2', [lot('L-1', 6)]);
  await applyDocument(
    console.records,
    receiveSchema.parse({
      ...short,
      eta: '2026-11-10T00:00:00Z',
      shipments: short.shipments.map((shipment) => ({
        ...shipment,
        receiveLines: shipment.receiveLines.map((line) => ({ ...line, quantity: 6 })),
      })),
    }),
  );
  return console;
}

describe('a customer’s page and a supplier’s record', () => {
  it('list every order and return of one customer by email, with counts and contact details', async () => {
    const { get } = await consoleWithParties();
    const response = await get('/api/index/customers/owen%40example.com');
    expect(response.status).toBe(200);
    const customer = envelopeSchema(customerPageSchema).parse(await response.json()).data;
    expect(customer).toMatchObject({
      name: 'Owen Murphy',
      ordersPlaced: 3,
      returnsSent: 1,
      nextCursor: null,
    });
    expect(customer.records.map((record) => record.reference).toSorted()).toEqual([
      'RMA-O1',
      'SO-O1',
      'SO-O2',
      'SO-O3',
    ]);
    expect(customer.records.find((record) => record.reference === 'SO-O1')?.lines).toEqual([
      { productCode: 'TEA-1', productName: 'Green tea, 100 g tin', quantity: 4 },
    ]);
    expect((await get('/api/index/customers/nobody%40example.com')).status).toBe(404);
    expect((await get('/api/index/customers/owen%40example.com?cursor=bad')).status).toBe(400);
  });

  it('count how often a supplier’s receives came short, in percent and units, and how late', async () => {
    const { get } = await consoleWithParties();
    const response = await get('/api/index/suppliers/peaknaturals');
    expect(response.status).toBe(200);
    const supplier = envelopeSchema(supplierPageSchema).parse(await response.json()).data;
    expect(supplier.name).toBe('Peak Naturals');
    expect(supplier.totals).toMatchObject({ receives: 2, short: 1, shortRate: 50, unitsShort: 4 });
    expect(supplier.receives.map((receive) => receive.reference).toSorted()).toEqual(['PO-P1', 'PO-P2']);
    // The short one's claim window is open (finalized just now): its worth is priced as its packet would be.
    const short = supplier.receives.find((receive) => receive.reference === 'PO-P2');
    expect(short?.claimDaysLeft).toBeGreaterThan(0);
    expect(Array.isArray(short?.claimWorth)).toBe(true);
    expect(supplier.receives.find((receive) => receive.reference === 'PO-P1')?.claimWorth).toEqual([]);
    expect((await get(`/api/index/suppliers/${'x'.repeat(400)}`)).status).toBe(400);
  });
});
