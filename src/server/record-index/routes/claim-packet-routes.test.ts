import { describe, expect, it } from 'vitest';
import { envelopeSchema, errorEnvelopeSchema } from '../../../contract/envelope';
import { unitCostsSchema } from '../../../contract/unit-costs';
import { claimWindowOf, claimWindowWords } from '../../../domain/claim-window';
import { announcedReceive } from '../../../sandbox/testing/test-documents';
import { loopWhile } from '../../testing/loop-gaps';
import { pdfText } from '../../testing/pdf-text';
import { isUnreadable, readProductDocument } from '../records/indexed-document';
import type { RecordStore } from '../store/record-store-port';
import { applyDocument, consoleWithRecords, signedInAs } from '../testing/list-fixtures';

const dayMs = 24 * 3_600_000;
// Finalized ten days before the test runs, so 80 of the 90 days of the default window are left.
const finalizedMs = Date.now() - 10 * dayMs;
const finalized = new Date(finalizedMs).toISOString();

/** Announced 10 TEE-S and 4 MILK; 6 TEE-S and 4 MILK of a lot arrived on one shipment, then it was finalized. */
const shortReceive = announcedReceive({
  id: 'receive-claim',
  primaryReference: 'PO-CLAIM',
  status: 'FIN',
  transportReference: 'TRUCK-9',
  dateLastUpdated: finalized,
  shipFromAddress: {
    address: { organization: '=Peak Naturals', addressLine1: '1 Mill Road', city: 'Boulder', country: 'US' },
    contact: { personName: 'Logistics' },
  },
  shipments: [
    {
      id: 'rship-claim',
      wmsDocketId: 'DOCK-77',
      status: 'FIN',
      receiveLines: [
        {
          lineNumber: '1',
          productCode: 'TEE-S',
          quantity: 6,
          lineAttributes: [],
          lineCustomAttributes: [],
          partAttributes: [],
          sublines: [],
        },
        {
          lineNumber: '2',
          productCode: 'MILK',
          quantity: 4,
          lineAttributes: [],
          lineCustomAttributes: [],
          partAttributes: [],
          sublines: [{ quantity: 4, partAttributes: [{ key: 'LOT', value: 'LOT-M1' }] }],
        },
      ],
      additionalReferences: [],
      milestones: [
        { code: 'WHE', description: 'Entered', sequence: '1', actualDate: '2026-11-01T08:00:00Z' },
        { code: 'FIN', description: 'Finalized', sequence: '2', actualDate: finalized },
      ],
    },
  ],
});

/** The product of `productCode` in the index, priced `unitPrice` (a decimal string, as the interface sends). */
async function applyProduct(
  records: RecordStore,
  productCode: string,
  productDescription: string,
  unitPrice?: string,
) {
  const read = readProductDocument({
    id: `id-${productCode}`,
    productCode,
    productDescription,
    productUnit: 'UNT',
    unitPrice,
    unitPriceCurrency: unitPrice ? 'USD' : undefined,
    dateLastUpdated: '2026-11-21T08:00:00+00:00',
  });
  if (isUnreadable(read)) throw new Error(read.reason);
  await records.apply(read, 'webhook');
}

/** The short receive, its tee priced at $12.50 and its milk without a price. */
async function consoleWithShortReceive() {
  const console = await consoleWithRecords();
  await applyDocument(console.records, shortReceive);
  await applyProduct(console.records, 'TEE-S', 'Organic cotton tee, black, S', '12.50');
  await applyProduct(console.records, 'MILK', 'Oat milk 1 l');
  return console;
}

const countdown = () =>
  claimWindowWords(claimWindowOf(finalizedMs, 90, Date.now()) ?? { closesMs: 0, daysLeft: 0 });

describe('GET /api/index/receives/{reference}/claim.pdf', () => {
  it('is a PDF named after the receive: who claims what from whom, each product by name, the shortage in units and money', async () => {
    const { get } = await consoleWithShortReceive();
    const response = await get('/api/index/receives/PO-CLAIM/claim.pdf?timeZone=Europe/Berlin');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="claim-PO-CLAIM.pdf"');
    const bytes = new Uint8Array(await response.arrayBuffer());
    const raw = new TextDecoder('latin1').decode(bytes);
    expect(raw.startsWith('%PDF-')).toBe(true);
    // Its text is read back by a PDF reader, not found in the file: the streams are compressed.
    expect(raw).toContain('/FlateDecode');
    expect(raw).not.toContain('did not arrive');
    const text = (await pdfText(bytes)).replace(/\s+/g, ' ');
    expect(countdown()).toMatch(/^80 days left to claim \(until .+\)$/);
    for (const expected of [
      'Claim for receive PO-CLAIM',
      'Transport reference TRUCK-9',
      countdown(),
      'Claimant Northwind Goods Ltd claims@northwind.example',
      'Supplier =Peak Naturals 1 Mill Road',
      'Line 1, TEE-S (Organic cotton tee, black, S): 4 of 10 did not arrive, worth $50.00 at $12.50 each',
      'Units short worth $50.00',
      '-$50.00',
      'Oat milk 1 l',
      'none held',
      // A delivery is headed by what the supplier knows it by; the warehouse's id is said small.
      'Delivery: docket DOCK-77, transport reference TRUCK-9',
      "the warehouse's shipment id rship-claim",
      'Finalized (FIN)',
      'Lot LOT-M1',
      'Times are in Europe/Berlin.',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('Shipment rship-claim');
    expect(text).not.toContain('MILK: ');
  });

  it('answers 404 in the envelope for a reference the index does not hold', async () => {
    const { get } = await consoleWithShortReceive();
    for (const format of ['pdf', 'csv']) {
      const response = await get(`/api/index/receives/PO-NOWHERE/claim.${format}`);
      expect(response.status).toBe(404);
      expect(errorEnvelopeSchema.parse(await response.json()).errors[0]?.code).toBe('not_found');
    }
  });

  it('answers 409 for a return nothing of which has arrived yet: there is nothing to claim', async () => {
    const { get, records } = await consoleWithRecords();
    await applyDocument(
      records,
      announcedReceive({ id: 'return-awaited', primaryReference: 'RMA-AWAITED', subtype: 'RET' }),
    );
    for (const format of ['pdf', 'csv']) {
      const response = await get(`/api/index/receives/RMA-AWAITED/claim.${format}`);
      expect(response.status).toBe(409);
      expect(errorEnvelopeSchema.parse(await response.json()).errors[0]).toMatchObject({
        code: 'conflict',
        detail:
          'Nothing of return RMA-AWAITED has arrived yet: its claim packet is made once goods arrive or the warehouse finalizes it.',
      });
    }
  });
});

describe('GET /api/index/receives/{reference}/claim.csv', () => {
  it('is one table a spreadsheet sorts: a row a line, its product named, the difference in units and money, formulas kept as text', async () => {
    const { get } = await consoleWithShortReceive();
    const response = await get('/api/index/receives/PO-CLAIM/claim.csv');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="claim-PO-CLAIM.csv"');
    const lines = (await response.text())
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toEqual([
      'Receive,Line,Product code,Product,Announced,Received,Difference,Result,Unit price,Currency,Price from,Value of the difference,Lots and serial numbers',
      `PO-CLAIM,1,TEE-S,"Organic cotton tee, black, S",10,6,-4,4 short,12.5,USD,The product's price,-50,`,
      'PO-CLAIM,2,MILK,Oat milk 1 l,4,4,0,Complete,,,,,Lot LOT-M1 (4)',
    ]);
  });
});

/** A change sent as the console's own pages send it. */
function patch(
  app: { request: (path: string, init: RequestInit) => Response | Promise<Response> },
  path: string,
  body: unknown,
) {
  return app.request(path, {
    method: 'PATCH',
    headers: { host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('unit costs entered on a receive', () => {
  it("are kept by line, priced into the packet before the product's price, and each change is audited", async () => {
    const { app, get } = await consoleWithShortReceive();
    const entered = await patch(app, '/api/index/receives/po-claim/unit-costs', {
      costs: [{ line: '1', productCode: 'TEE-S', unitCost: 11, currency: 'USD' }],
    });
    expect(entered.status).toBe(200);
    const { data } = envelopeSchema(unitCostsSchema).parse(await entered.json());
    expect(data.costs).toEqual([
      {
        line: '1',
        productCode: 'TEE-S',
        unitCost: 11,
        currency: 'USD',
        enteredBy: expect.any(String),
        enteredAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      },
    ]);
    const read = envelopeSchema(unitCostsSchema).parse(
      await (await get('/api/index/receives/PO-CLAIM/unit-costs')).json(),
    );
    expect(read.data.costs).toEqual(data.costs);
    const logged = (await (await get('/api/audit-log')).json()).data.entries[0];
    expect(logged).toMatchObject({
      action: 'Entered unit costs',
      target: 'PO-CLAIM: line 1 TEE-S $11.00',
      status: 200,
    });

    const csv = (await (await get('/api/index/receives/PO-CLAIM/claim.csv')).text()).split('\r\n');
    expect(csv).toContain(
      'PO-CLAIM,1,TEE-S,"Organic cotton tee, black, S",10,6,-4,4 short,11,USD,Entered on the receive,-44,',
    );
    const pdf = (
      await pdfText(new Uint8Array(await (await get('/api/index/receives/PO-CLAIM/claim.pdf')).arrayBuffer()))
    ).replace(/\s+/g, ' ');
    expect(pdf).toContain('worth $44.00 at $11.00 each');

    // Taken away, the product's price counts again.
    await patch(app, '/api/index/receives/PO-CLAIM/unit-costs', {
      costs: [{ line: '1', productCode: 'TEE-S', unitCost: null }],
    });
    const again = (await (await get('/api/index/receives/PO-CLAIM/claim.csv')).text()).split('\r\n');
    expect(again).toContain(
      `PO-CLAIM,1,TEE-S,"Organic cotton tee, black, S",10,6,-4,4 short,12.5,USD,The product's price,-50,`,
    );
  });

  it('refuses a negative cost on its field, and a receive the index does not hold', async () => {
    const { app } = await consoleWithShortReceive();
    const negative = await patch(app, '/api/index/receives/PO-CLAIM/unit-costs', {
      costs: [{ line: '1', productCode: 'TEE-S', unitCost: -1, currency: 'USD' }],
    });
    expect(negative.status).toBe(400);
    expect(errorEnvelopeSchema.parse(await negative.json()).errors[0]).toMatchObject({
      source: { pointer: '/costs/0/unitCost' },
      detail: 'A unit cost cannot be negative',
    });
    const nowhere = await patch(app, '/api/index/receives/PO-NOWHERE/unit-costs', {
      costs: [{ line: '1', productCode: 'TEE-S', unitCost: 1, currency: 'USD' }],
    });
    expect(nowhere.status).toBe(404);
  });

  it('are entered by the roles that announce receives (merchandisers by default), not by support', async () => {
    const cost = { costs: [{ line: '1', productCode: 'TEE-S', unitCost: 9.5, currency: 'USD' }] };
    const merchandiser = await signedInAs('merchandiser');
    await applyDocument(merchandiser.records, shortReceive);
    expect((await merchandiser.patch('/api/index/receives/PO-CLAIM/unit-costs', cost)).status).toBe(200);
    const support = await signedInAs('support');
    await applyDocument(support.records, shortReceive);
    const refused = await support.patch('/api/index/receives/PO-CLAIM/unit-costs', cost);
    expect(refused.status).toBe(403);
    expect((await support.get('/api/index/receives/PO-CLAIM/unit-costs')).status).toBe(200);
    const logged = (await (await support.get('/api/audit-log')).json()).data.entries[0];
    expect(logged).toMatchObject({ action: 'Entered unit costs', target: 'PO-CLAIM', status: 403 });
  });
});

describe('who may download a claim packet', () => {
  it('refuses a role without exports.download with 403, and logs every attempt', async () => {
    const merchandiser = await signedInAs('merchandiser');
    await applyDocument(merchandiser.records, shortReceive);
    const refused = await merchandiser.get('/api/index/receives/PO-CLAIM/claim.pdf');
    expect(refused.status).toBe(403);
    expect(errorEnvelopeSchema.parse(await refused.json()).errors[0]?.code).toBe('forbidden');

    const manager = await signedInAs('manager');
    await applyDocument(manager.records, shortReceive);
    expect((await manager.get('/api/index/receives/PO-CLAIM/claim.csv')).status).toBe(200);
    const logged = (await (await manager.get('/api/audit-log')).json()).data.entries[0];
    expect(logged).toMatchObject({
      person: 'a-manager',
      action: 'Exported a claim packet (CSV)',
      target: 'PO-CLAIM',
      status: 200,
    });
  });
});

const noAttributes = { lineAttributes: [], lineCustomAttributes: [], partAttributes: [] };

/** A finalized receive of `serials` serial numbers on one line from `supplier`. */
const serialReceive = (serials: number, supplier = 'Scan Supplies') =>
  announcedReceive({
    id: 'receive-serials',
    primaryReference: 'PO-SERIALS',
    status: 'FIN',
    dateLastUpdated: finalized,
    shipFromAddress: { address: { organization: supplier }, contact: {} },
    receiveLines: [{ ...noAttributes, productCode: 'SCAN-1', quantity: serials }],
    shipments: [
      {
        id: 'rship-serials',
        status: 'FIN',
        additionalReferences: [],
        milestones: [],
        receiveLines: [
          {
            ...noAttributes,
            lineNumber: '1',
            productCode: 'SCAN-1',
            quantity: serials,
            sublines: Array.from({ length: serials }, (_, index) => ({
              quantity: 1,
              partAttributes: [{ key: 'SN', value: `SN${String(index).padStart(6, '0')}` }],
            })),
          },
        ],
      },
    ],
  });

describe('the claim packet of a receive of 10,000 serial numbers', () => {
  it('is made off the request thread: the event loop answers meanwhile', async () => {
    const { get, records } = await consoleWithRecords();
    await applyDocument(records, serialReceive(10_000));
    // Warm: the worker thread started and its modules loaded.
    await get('/api/index/receives/PO-SERIALS/claim.csv');
    const { result, longestGapMs, tookMs } = await loopWhile(async () => {
      const response = await get('/api/index/receives/PO-SERIALS/claim.pdf');
      return { status: response.status, bytes: (await response.arrayBuffer()).byteLength };
    });
    expect(result.status).toBe(200);
    // Made on this thread, the loop waits as long as the request takes.
    expect(longestGapMs).toBeLessThan(tookMs / 2);
  }, 60_000);

  it('lists 50 serial numbers a line in the PDF and every one in the CSV, and cuts a long name', async () => {
    const { get, records } = await consoleWithRecords();
    await applyDocument(records, serialReceive(120, `Huge ${'N'.repeat(50_000)}`));
    const pdf = await get('/api/index/receives/PO-SERIALS/claim.pdf');
    // Without blanks: the PDF breaks a long name over lines as it likes.
    const text = (await pdfText(new Uint8Array(await pdf.arrayBuffer()))).replace(/\s+/g, '');
    expect(text).toContain('SN000049');
    expect(text).not.toContain('SN000050');
    expect(text).toContain('and70more,listedintheCSV');
    expect(text).toContain(`SupplierHuge${'N'.repeat(200)}`);
    expect(text).not.toContain('N'.repeat(400));
    expect(text).toContain('…');
    const csv = await (await get('/api/index/receives/PO-SERIALS/claim.csv')).text();
    expect(csv.match(/SN0\d{5}/g)).toHaveLength(120);
  }, 60_000);

  it('answers 503 with Retry-After to one person past their share of the line, and logs it', async () => {
    const { get, records } = await consoleWithRecords();
    await applyDocument(records, serialReceive(2_000));
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => get('/api/index/receives/PO-SERIALS/claim.pdf')),
    );
    const statuses = responses.map((response) => response.status).sort();
    // One running and two waiting are the person's share.
    expect(statuses).toEqual([200, 200, 200, 503, 503]);
    const busy = responses.find((response) => response.status === 503) as Response;
    expect(Number(busy.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(errorEnvelopeSchema.parse(await busy.json()).errors[0]).toMatchObject({
      code: 'server_busy',
      detail: expect.stringMatching(
        /^Your earlier requests of this kind are still being worked on\. Try again in \d+ s\.$/,
      ),
    });
    const logged = (await (await get('/api/audit-log')).json()).data.entries;
    expect(logged.filter((entry: { status: number }) => entry.status === 503)).toHaveLength(2);
  }, 60_000);
});
