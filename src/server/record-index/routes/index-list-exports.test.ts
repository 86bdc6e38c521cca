import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '../../../contract/envelope';
import type { Receive } from '../../../contract/receive';
import { orderStateOf, receiveStateOf } from '../../../domain/record-states';
import { enteredOrder } from '../../../sandbox/testing/test-documents';
import { openConsoleDatabase } from '../../store/sqlite/console-db';
import { createSqliteAccountStore } from '../../store/sqlite/sqlite-account-store';
import { createRecordStore } from '../store/record-store';
import {
  applyDocument,
  consoleWithRecords,
  fill,
  now,
  orderCases,
  receiveCases,
  signedInAs,
  updatedAt,
} from '../testing/list-fixtures';
import { newestFirst, orderPageSchema, receivePageSchema } from '../testing/list-paging';
import { shownTime, worksheetRows } from '../testing/read-workbook';

/** A minimal RFC 4180 reader, to compare an export with the list it came from. */
function readCsv(text: string): string[][] {
  const records: string[][] = [];
  const cell = /("(?:[^"]|"")*"|[^,\r\n]*)(,|\r\n)/gy;
  let record: string[] = [];
  for (let match = cell.exec(text); match; match = cell.exec(text)) {
    const value = match[1] as string;
    record.push(value.startsWith('"') ? value.slice(1, -1).replaceAll('""', '"') : value);
    if (match[2] === '\r\n') {
      records.push(record);
      record = [];
    }
  }
  expect(cell.lastIndex === 0 || cell.lastIndex === text.length).toBe(true);
  return records;
}

/** An export's text after its byte order mark, which must be there (spreadsheets read UTF-8 by it). */
async function csvText(response: Response): Promise<string> {
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
  expect(text.startsWith('\uFEFF')).toBe(true);
  return text.slice(1);
}

describe('CSV exports', () => {
  it('streams exactly the filtered rows, headed in words, quoted and with formulas defused, as an attachment', async () => {
    const { get } = await consoleWithRecords();
    const response = await get(`/api/index/orders.csv?updatedTo=${encodeURIComponent(updatedAt(1))}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="orders-updated-to-2026-11-20.csv"',
    );
    // A ship-by date is a day everywhere; the last update is a time, in UTC when no zone is sent.
    expect(await csvText(response)).toBe(
      'Reference,Customer,State,Late,Status code,Warehouse,Ship by,Last updated,Units ordered,Units shipped,A line shipped short,A line shipped over\r\n' +
        'SO-02,"Doe, Jane ""JD""",Picking,Yes,PRS,NJE,2026-11-12,2026-11-20 09:01,5,0,No,No\r\n' +
        `SO-01,"'=HYPERLINK(""http://x"")",Entered,Yes,PRS,LAW,2026-11-11,2026-11-20 09:01,5,0,No,No\r\n`,
    );
  });

  it("writes times in the reader's time zone, and days as the same day everywhere", async () => {
    const { get } = await consoleWithRecords();
    const query = `updatedTo=${encodeURIComponent(updatedAt(1))}&timeZone=America/Los_Angeles`;
    const [, ...lines] = readCsv(await csvText(await get(`/api/index/orders.csv?${query}`)));
    expect(lines.map((cells) => cells.slice(6, 8))).toEqual([
      ['2026-11-12', '2026-11-20 01:01'],
      ['2026-11-11', '2026-11-20 01:01'],
    ]);
    const refused = await get('/api/index/orders.csv?timeZone=Mars/Olympus');
    expect(refused.status).toBe(400);
    expect(errorEnvelopeSchema.parse(await refused.json()).errors[0]?.source).toMatchObject({
      parameter: 'timeZone',
    });
  });

  it.each([
    ['/api/index/orders', { state: 'entered,picking,held', sort: 'shipBy', dir: 'desc' }],
    ['/api/index/orders', {}],
    ['/api/index/receives', { kind: 'return', sort: 'received' }],
    ['/api/index/receives', { discrepancy: 'any' }],
  ] as const)('exports from %s what the list holds, in its order: %j', async (path, query) => {
    const { get } = await consoleWithRecords();
    const params = new URLSearchParams(query);
    const { data } = (path === '/api/index/orders' ? orderPageSchema : receivePageSchema).parse(
      await (await get(`${path}?${params}&limit=200`)).json(),
    );
    const response = await get(`${path}.csv?${params}`);
    const [header = [], ...lines] = readCsv(await csvText(response));
    expect(lines).toHaveLength(data.total);
    const column = (name: string) => lines.map((cells) => cells[header.indexOf(name)]);
    expect(column('Reference')).toEqual(data.rows.map((row) => row.reference));
    // The state in the words the pages use; the status column keeps the operator's code.
    const words = path === '/api/index/orders' ? orderStateOf : receiveStateOf;
    expect(column('State')).toEqual(data.rows.map((row) => words(row.state).label));
    expect(column('Status code')).toEqual(data.rows.map((row) => row.status));
    if (path === '/api/index/receives' && 'kind' in query) {
      expect(response.headers.get('content-disposition')).toMatch(/filename="returns-/);
    }
  });

  it("names a receive's supplier, its units short and over and when it was finalized", async () => {
    const { get, records } = await consoleWithRecords();
    const peak = receiveCases.find(({ state, kind }) => state === 'short' && kind === 'receive')?.receive;
    await applyDocument(records, {
      ...(peak as Receive),
      shipFromAddress: { address: { organization: 'Peak Naturals' }, contact: { personName: 'Logistics' } },
    });
    const [header, ...lines] = readCsv(await csvText(await get('/api/index/receives.csv?discrepancy=any')));
    expect(header).toEqual([
      ...['Reference', 'Supplier', 'State', 'Status code', 'Warehouse', 'ETA', 'Finalized', 'Last updated'],
      ...['Units announced', 'Units received', 'Units short', 'Units over'],
    ]);
    const cellsOf = (reference: string) => {
      const line = lines.find((cells) => cells[0] === reference) ?? [];
      return Object.fromEntries((header ?? []).map((column, i) => [column, line[i]]));
    };
    // 10 TEE-S and 4 MILK announced: 6 and 4 arrived on the finalized PO-04, 12 and 4 on the open PO-05.
    expect(cellsOf('PO-04')).toMatchObject({
      Supplier: 'Peak Naturals',
      State: 'Short',
      Finalized: '2026-11-20 09:02',
      'Units short': '4',
      'Units over': '0',
    });
    expect(cellsOf('PO-05')).toMatchObject({
      Supplier: 'Sender 5',
      Finalized: '',
      'Units short': '0',
      'Units over': '2',
    });
    const [returnsHeader] = readCsv(await csvText(await get('/api/index/receives.csv?kind=return')));
    expect(returnsHeader?.slice(1, 4)).toEqual(['Customer', 'Original order', 'Reason']);
  });

  it.each([
    [
      '/api/index/receives.csv?discrepancy=short&finishedFrom=2026-11-20&finishedTo=2026-11-27',
      'receives-short-finalized-2026-11-20-to-2026-11-27.csv',
    ],
    ['/api/index/receives.csv?kind=return&state=awaiting', /^returns-awaiting-\d{4}-\d{2}-\d{2}\.csv$/],
    [
      '/api/index/orders.csv?late=true&warehouse=LAW,NJE',
      /^orders-late-warehouse-law-warehouse-nje-\d{4}-\d{2}-\d{2}\.csv$/,
    ],
  ] as const)('names the export of %s after its list and filter', async (path, name) => {
    const { get } = await consoleWithRecords();
    const disposition = (await get(path)).headers.get('content-disposition') ?? '';
    expect(disposition.match(/^attachment; filename="(.+)"$/)?.[1]).toMatch(name);
  });

  it('writes the state as the pages say it, beside the status code', async () => {
    const { get } = await consoleWithRecords();
    const held = readCsv(await csvText(await get('/api/index/orders.csv?state=held')));
    expect(held.slice(1).map((cells) => [cells[2], cells[4]])).toContainEqual(['On hold', 'PRS']);
    const partial = readCsv(await csvText(await get('/api/index/receives.csv?state=partial')));
    expect(partial.slice(1).map((cells) => cells.slice(2, 4))).toContainEqual(['Partly received', 'PRS']);
  });

  const password = 'a long enough password';
  it('refuses a role without exports.download (merchandisers by default) with 403 in the audit log, which still reads the lists', async () => {
    const { get } = await signedInAs('merchandiser');
    for (const path of ['/api/index/orders.csv', '/api/index/receives.csv?kind=return']) {
      const response = await get(path);
      expect(response.status).toBe(403);
      expect(errorEnvelopeSchema.parse(await response.json()).errors[0]?.code).toBe('forbidden');
    }
    expect((await get('/api/index/orders')).status).toBe(200);
    const entries = (await (await get('/api/audit-log')).json()).data.entries.slice(0, 2);
    expect(entries).toMatchObject([
      {
        person: 'a-merchandiser',
        role: 'merchandiser',
        action: 'Exported returns (CSV)',
        target: 'kind=return',
        status: 403,
      },
      {
        person: 'a-merchandiser',
        role: 'merchandiser',
        action: 'Exported orders (CSV)',
        target: 'all',
        status: 403,
      },
    ]);
  });

  it('lets a manager download, and refuses everyone before sign-in', async () => {
    const { get } = await signedInAs('manager');
    const response = await get('/api/index/receives.csv?kind=return');
    expect(response.status).toBe(200);
    expect((await csvText(response)).split('\r\n').length).toBeGreaterThan(2);
    const logged = (await (await get('/api/audit-log')).json()).data.entries[0];
    expect(logged).toMatchObject({
      person: 'a-manager',
      action: 'Exported returns (CSV)',
      target: 'kind=return',
    });
    const { get: anonymous } = await consoleWithRecords(await withAccount());
    expect((await anonymous('/api/index/orders.csv')).status).toBe(401);
    expect((await anonymous('/api/index/orders')).status).toBe(401);
  });

  async function withAccount() {
    const consoleDb = openConsoleDatabase(':memory:');
    await createSqliteAccountStore(consoleDb).add('someone', 'admin', password);
    return consoleDb;
  }
});

describe('Excel workbook exports', () => {
  it("holds the CSV's rows with typed numbers, days and local times, text never run as a formula", async () => {
    const { get } = await consoleWithRecords();
    const query = `updatedTo=${encodeURIComponent(updatedAt(1))}&timeZone=Europe/Berlin`;
    const response = await get(`/api/index/orders.xlsx?${query}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="orders-updated-to-2026-11-20.xlsx"',
    );
    const [header, first, second, ...rest] = worksheetRows(new Uint8Array(await response.arrayBuffer()));
    expect(rest).toEqual([]);
    expect([...(header?.values() ?? [])].map((cell) => ('text' in cell ? cell.text : ''))).toEqual([
      ...['Reference', 'Customer', 'State', 'Late', 'Status code', 'Warehouse', 'Ship by', 'Last updated'],
      ...['Units ordered', 'Units shipped', 'A line shipped short', 'A line shipped over'],
    ]);
    expect(first?.get('B')).toEqual({ text: 'Doe, Jane "JD"' });
    expect(second?.get('B')).toEqual({ text: '=HYPERLINK("http://x")' });
    expect(first?.get('I')).toEqual({ number: 5, style: 0 });
    // A day as a whole date, a time in Berlin's wall clock (UTC+1 in November).
    const shipBy = first?.get('G');
    const updated = first?.get('H');
    expect(shipBy && 'number' in shipBy && [shownTime(shipBy.number), shipBy.style]).toEqual([
      '2026-11-12T00:00',
      1,
    ]);
    expect(updated && 'number' in updated && [shownTime(updated.number), updated.style]).toEqual([
      '2026-11-20T10:01',
      2,
    ]);
  });

  it('is audited as an Excel export and refused like the CSV to a role without exports.download', async () => {
    const merchandiser = await signedInAs('merchandiser');
    expect((await merchandiser.get('/api/index/receives.xlsx?kind=return')).status).toBe(403);
    const manager = await signedInAs('manager');
    const response = await manager.get('/api/index/receives.xlsx?kind=return');
    expect(response.status).toBe(200);
    const rows = worksheetRows(new Uint8Array(await response.arrayBuffer()));
    expect(rows.length).toBeGreaterThan(1);
    expect((await (await manager.get('/api/audit-log')).json()).data.entries[0]).toMatchObject({
      action: 'Exported returns (Excel)',
      target: 'kind=return',
      status: 200,
    });
  });
});

describe('an export from a database on disk', () => {
  it('reads one snapshot: a record that changes during the export is neither missed nor read twice', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'index-lists-'));
    const consoleDb = openConsoleDatabase(join(directory, 'console.db'));
    try {
      const records = createRecordStore(consoleDb, { organization: '', now: () => now });
      await fill(records);
      const batches = records.listBatches(
        { kind: 'order', statuses: [], states: [], warehouses: [] },
        { sort: 'updated', direction: 'desc' },
        { batchSize: 3, budgetMs: 100 },
      );
      const first = await batches.next();
      const exported = first.done ? [] : first.value.map((record) => record.reference);
      // The oldest order changes: newest first, it moves to the top, where the export has been already.
      await applyDocument(
        records,
        enteredOrder({ primaryReference: 'SO-01', dateLastUpdated: updatedAt(40) }),
      );
      for await (const batch of batches) exported.push(...batch.map((record) => record.reference));
      expect(exported).toEqual(newestFirst(orderCases));
    } finally {
      consoleDb.close();
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
