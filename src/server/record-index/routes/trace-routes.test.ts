import { describe, expect, it } from 'vitest';
import { envelopeSchema } from '../../../contract/envelope';
import { partTraceSchema } from '../../../contract/part-trace';
import { lot, orderOf, receiveOf } from '../../../testing/trace-fixtures';
import { openConsoleDatabase } from '../../console-db';
import { upgradeDerivedColumns } from '../store/derivation-upgrade';
import { applyDocument, consoleWithRecords } from '../testing/list-fixtures';

async function consoleWithLot() {
  const console = await consoleWithRecords();
  await applyDocument(console.records, receiveOf('PO-LOT', [lot('L-77', 10)]));
  await applyDocument(
    console.records,
    orderOf('SO-LOT-1', 'Owen Murphy', [lot('L-77', 4)], '2026-11-21T09:00:00Z'),
  );
  await applyDocument(
    console.records,
    orderOf('SO-LOT-2', '=HYPERLINK("x")', [lot('L-77', 2)], '2026-11-22T09:00:00Z'),
  );
  await applyDocument(
    console.records,
    orderOf('SO-OTHER', 'Bo Chen', [lot('L-99', 1)], '2026-11-22T09:00:00Z'),
  );
  return console;
}

describe('GET /api/trace', () => {
  it('traces a lot from the records of the index that hold it, in any letter case', async () => {
    const { get } = await consoleWithLot();
    const response = await get('/api/trace?q=%20l-77%20');
    expect(response.status).toBe(200);
    const trace = envelopeSchema(partTraceSchema).parse(await response.json()).data;
    expect(trace).toMatchObject({
      value: 'l-77',
      received: 10,
      shipped: 6,
      returned: 0,
      unaccounted: 4,
      truncated: false,
    });
    expect(trace.entries.map((entry) => entry.reference)).toEqual(['PO-LOT', 'SO-LOT-1', 'SO-LOT-2']);
    const unknown = envelopeSchema(partTraceSchema).parse(
      await (await get('/api/trace?q=NOWHERE')).json(),
    ).data;
    expect(unknown).toMatchObject({ entries: [], received: 0, shipped: 0, unaccounted: 0 });
  });

  it('finds the lots of records indexed before the parts table, once the upgrade filled it', async () => {
    const consoleDb = openConsoleDatabase(':memory:');
    const { records } = await consoleWithRecords(consoleDb);
    await applyDocument(records, receiveOf('PO-OLD', [lot('L-OLD', 3)]));
    // As a database written before: no parts, and the derivation before the one that keeps them.
    consoleDb.prepare('DELETE FROM record_parts').run();
    consoleDb
      .prepare("INSERT OR REPLACE INTO sync_state (name, value) VALUES ('index.derivation', '3')")
      .run();
    expect((await records.partEntries('L-OLD', 10)).entries).toEqual([]);
    await upgradeDerivedColumns(consoleDb, { pause: async () => {} });
    const { entries } = await records.partEntries('l-old', 10);
    expect(entries.map(({ reference, quantity }) => ({ reference, quantity }))).toEqual([
      { reference: 'PO-OLD', quantity: 3 },
    ]);
  });

  it.each([
    ['', 'q'],
    ['q=', 'q'],
    ['q=a&q=b', 'q'],
    [`q=${'x'.repeat(101)}`, 'q'],
    ['q=L%0A7', 'q'],
    ['q=L-77&kind=order', 'kind'],
  ])('answers 400 naming the parameter for ?%s', async (query, parameter) => {
    const { get } = await consoleWithLot();
    const response = await get(`/api/trace?${query}`);
    expect(response.status).toBe(400);
    expect((await response.json()).errors[0]).toMatchObject({
      code: 'validation_failed',
      source: { parameter },
    });
  });
});

describe('GET /api/trace.csv', () => {
  it('is the recall list: each customer a shipment took the lot to, formulas kept as text', async () => {
    const { get } = await consoleWithLot();
    const response = await get('/api/trace.csv?q=L-77');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="recall-L-77-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = (await response.text())
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toEqual([
      'customer,email,phone,order,ship date,product,quantity,tracking number,attribute,value',
      'Owen Murphy,Owen@example.com,,SO-LOT-1,2026-11-21T09:00:00Z,TEA-1,4,1ZSO-LOT-1,LOT,L-77',
      `"'=HYPERLINK(""x"")","'=HYPERLINK(""x"")@example.com",,SO-LOT-2,2026-11-22T09:00:00Z,TEA-1,2,1ZSO-LOT-2,LOT,L-77`,
    ]);
  });
});
