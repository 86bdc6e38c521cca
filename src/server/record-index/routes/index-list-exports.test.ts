import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '../../../contract/envelope';
import type { Receive } from '../../../contract/receive';
import { orderStateOf, receiveStateOf } from '../../../domain/record-states';
import { enteredOrder } from '../../../sandbox/testing/test-documents';
import { openConsoleDatabase } from '../../console-db';
import { createSqliteAccountStore } from '../../store/sqlite-account-store';
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
  it('streams exactly the filtered rows, quoted and with formulas defused, as an attachment', async () => {
    const { get } = await consoleWithRecords();
    const response = await get(`/api/index/orders.csv?updatedTo=${encodeURIComponent(updatedAt(1))}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="orders-updated-to-2026-11-20.csv"',
    );
    expect(await csvText(response)).toBe(
      'reference,kind,status,state,late,warehouse,customer,shipBy,updated,ordered,shipped,short,over\r\n' +
        'SO-02,order,PRS,Picking,true,NJE,"Doe, Jane ""JD""",2026-11-12T00:00:00.000Z,2026-11-20T09:01:00.000Z,5,0,false,false\r\n' +
        `SO-01,order,PRS,Entered,true,LAW,"'=HYPERLINK(""http://x"")",2026-11-11T00:00:00.000Z,2026-11-20T09:01:00.000Z,5,0,false,false\r\n`,
    );
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
    const [header, ...lines] = readCsv(await csvText(response));
    expect(lines).toHaveLength(data.total);
    expect(lines).toEqual(
      data.rows.map((row) =>
        (header ?? []).map((column) => {
          // The state in the words the pages use; the status column keeps the operator's code.
          const words = path === '/api/index/orders' ? orderStateOf(row.state) : receiveStateOf(row.state);
          // A receive's sender is its supplier, a return's its customer.
          const isSender = path === '/api/index/receives' && (column === 'supplier' || column === 'customer');
          const member = isSender ? 'sender' : column;
          const value = column === 'state' ? words.label : (row as Record<string, unknown>)[member];
          const text = value === null ? '' : String(value);
          return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
        }),
      ),
    );
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
      ...['reference', 'kind', 'status', 'state', 'warehouse', 'supplier', 'originalOrder', 'reason', 'eta'],
      ...['finalized', 'updated', 'announced', 'received', 'short', 'over', 'unitsShort', 'unitsOver'],
    ]);
    const cellsOf = (reference: string) => {
      const line = lines.find((cells) => cells[0] === reference) ?? [];
      return Object.fromEntries((header ?? []).map((column, i) => [column, line[i]]));
    };
    // 10 TEE-S and 4 MILK announced: 6 and 4 arrived on the finalized PO-04, 12 and 4 on the open PO-05.
    expect(cellsOf('PO-04')).toMatchObject({
      supplier: 'Peak Naturals',
      state: 'Short',
      finalized: '2026-11-20T09:02:00.000Z',
      unitsShort: '4',
      unitsOver: '0',
    });
    expect(cellsOf('PO-05')).toMatchObject({
      supplier: 'Sender 5',
      finalized: '',
      unitsShort: '0',
      unitsOver: '2',
    });
    const [returnsHeader] = readCsv(await csvText(await get('/api/index/receives.csv?kind=return')));
    expect(returnsHeader?.[5]).toBe('customer');
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
    expect(held.slice(1).map((cells) => cells.slice(2, 4))).toContainEqual(['PRS', 'On hold']);
    const partial = readCsv(await csvText(await get('/api/index/receives.csv?state=partial')));
    expect(partial.slice(1).map((cells) => cells.slice(2, 4))).toContainEqual(['PRS', 'Partly received']);
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
