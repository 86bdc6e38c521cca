import { describe, expect, it } from 'vitest';
import { envelopeSchema } from '../../../contract/envelope';
import { partTraceSchema } from '../../../contract/part-trace';
import { lot, orderOf, receiveOf } from '../../../testing/trace-fixtures';
import { openConsoleDatabase } from '../../store/sqlite/console-db';
import { upgradeDerivedColumns } from '../store/derivation-upgrade';
import { applyDocument, consoleWithRecords } from '../testing/list-fixtures';
import { shownTime, worksheetRows } from '../testing/read-workbook';

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
  it('is the recall list: each customer a shipment took the lot to, with their postal address', async () => {
    const { get } = await consoleWithLot();
    const response = await get('/api/trace.csv?q=L-77&timeZone=America/Denver');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="recall-L-77-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = (await response.text())
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    const address = '18 Larch Street,Apt 4,Denver,CO,80202,US';
    // A phone number starts with +, as a formula does: a CSV keeps it text, the workbook needs no mark.
    expect(lines).toEqual([
      'Customer,Company,Email,Phone,Address line 1,Address line 2,City,State or region,Postal code,Country,Order,Shipped,Product code,Product,Units,Tracking number,Captured as,Lot or serial number',
      `Owen Murphy,,Owen@example.com,'+1 303 555 0142,${address},SO-LOT-1,2026-11-21 02:00,TEA-1,,4,1ZSO-LOT-1,LOT,L-77`,
      `"'=HYPERLINK(""x"")",,"'=HYPERLINK(""x"")@example.com",'+1 303 555 0142,${address},SO-LOT-2,2026-11-22 02:00,TEA-1,,2,1ZSO-LOT-2,LOT,L-77`,
    ]);
  });

  it("is a workbook too: the phone as it is, the ship time in the reader's zone, the units a number", async () => {
    const { get } = await consoleWithLot();
    const response = await get('/api/trace.xlsx?q=L-77&timeZone=Europe/London');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/filename="recall-L-77-[\d-]+\.xlsx"$/);
    const [, first] = worksheetRows(new Uint8Array(await response.arrayBuffer()));
    expect(first?.get('A')).toEqual({ text: 'Owen Murphy' });
    expect(first?.get('D')).toEqual({ text: '+1 303 555 0142' });
    expect(first?.get('E')).toEqual({ text: '18 Larch Street' });
    expect(first?.get('I')).toEqual({ text: '80202' });
    const shipped = first?.get('L');
    expect(shipped && 'number' in shipped && shownTime(shipped.number)).toBe('2026-11-21T09:00');
    expect(first?.get('O')).toEqual({ number: 4, style: 0 });
    const logged = (await (await get('/api/audit-log')).json()).data.entries[0];
    expect(logged).toMatchObject({ action: 'Exported a recall list (Excel)', target: 'L-77', status: 200 });
  });

  it('gives the addresses of lots indexed before entries held them, once the upgrade wrote them again', async () => {
    const consoleDb = openConsoleDatabase(':memory:');
    const { get, records } = await consoleWithRecords(consoleDb);
    await applyDocument(records, orderOf('SO-OLD', 'Ana Lopez', [lot('L-OLD', 1)], '2026-11-21T09:00:00Z'));
    // As the derivation before addresses wrote them: entries without one.
    const rows = consoleDb.prepare('SELECT part_key, record_id, entries FROM record_parts').all() as {
      part_key: string;
      record_id: number;
      entries: string;
    }[];
    const write = consoleDb.prepare(
      'UPDATE record_parts SET entries = ? WHERE part_key = ? AND record_id = ?',
    );
    for (const row of rows) {
      const stripped = JSON.parse(row.entries).map(
        ({ address: _, ...entry }: Record<string, unknown>) => entry,
      );
      write.run(JSON.stringify(stripped), row.part_key, row.record_id);
    }
    consoleDb
      .prepare("INSERT OR REPLACE INTO sync_state (name, value) VALUES ('index.derivation', '4')")
      .run();
    const before = envelopeSchema(partTraceSchema).parse(await (await get('/api/trace?q=L-OLD')).json());
    expect(before.data.entries[0]?.address).toBeNull();
    await upgradeDerivedColumns(consoleDb, { pause: async () => {} });
    const after = envelopeSchema(partTraceSchema).parse(await (await get('/api/trace?q=L-OLD')).json());
    expect(after.data.entries[0]?.address).toMatchObject({ addressLine1: '18 Larch Street', city: 'Denver' });
  });
});
