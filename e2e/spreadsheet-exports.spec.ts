import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { demoReferences } from '../src/sandbox/warehouse/demo-references';
import {
  shownTime,
  type WorkbookCell,
  worksheetRows,
} from '../src/server/record-index/testing/read-workbook';
import { readCsvFile } from './support/downloads';
import { expect, test } from './support/fixtures';

// A reader west of UTC: the files' times are theirs, the ship-by days the same everywhere.
const timeZone = 'America/Denver';
test.use({ timezoneId: timeZone });

/** What a download link gives, saved under screenshots/ for a look in a spreadsheet. */
async function download(page: Page, name: string | RegExp, keepAs?: string): Promise<Download> {
  const downloaded = page.waitForEvent('download');
  await page.getByRole('link', { name }).click();
  const file = await downloaded;
  if (keepAs) await file.saveAs(`screenshots/${keepAs}`);
  return file;
}

/** A workbook's rows by their headers' words. */
async function workbookOf(file: Download): Promise<Record<string, WorkbookCell>[]> {
  const [header, ...rows] = worksheetRows(new Uint8Array(await readFile(await file.path())));
  const names = new Map(
    [...(header ?? new Map())].map(([column, cell]) => [column, 'text' in cell ? cell.text : '']),
  );
  return rows.map((row) =>
    Object.fromEntries([...row].map(([column, cell]) => [names.get(column) ?? column, cell])),
  );
}

/** "2026-11-20T09:01" as Denver's wall clock reads the instant. */
function inDenver(iso: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

test('the shipped orders open right in a spreadsheet: an Excel workbook of typed numbers and dates, and a CSV headed in words, times in the reader’s zone', async ({
  page,
}) => {
  test.slow();
  await page.goto('/orders?state=shipped');
  const excel = page.getByRole('link', { name: /^Export to Excel \(\d+ rows?\)$/ });
  await expect(excel).toBeVisible();
  await expect(page.getByRole('link', { name: /^Export CSV \(\d+ rows?\)$/ })).toBeVisible();

  const listed = await page.request.get('/api/index/orders?state=shipped&limit=200');
  const rows: { reference: string; updated: string; ordered: number }[] = (await listed.json()).data.rows;
  const first = rows[0];
  expect(first).toBeTruthy();

  const workbook = await workbookOf(await download(page, /^Export to Excel/, 'orders-shipped.xlsx'));
  expect(workbook).toHaveLength(rows.length);
  const row = workbook.find((cells) => {
    const reference = cells.Reference;
    return reference && 'text' in reference && reference.text === first?.reference;
  });
  expect(row?.State).toEqual({ text: 'Shipped' });
  expect(row?.['Units ordered']).toEqual({ number: first?.ordered, style: 0 });
  const updated = row?.['Last updated'];
  // A date with its time (format 22), as the reader's wall clock reads it.
  expect(updated && 'number' in updated && [shownTime(updated.number), updated.style]).toEqual([
    inDenver(first?.updated ?? ''),
    2,
  ]);

  const csv = await readCsvFile(await (await download(page, /^Export CSV/)).path());
  expect(csv.headers.slice(0, 4)).toEqual(['Reference', 'Customer', 'State', 'Late']);
  const line = csv.rows.find((cells) => cells.Reference === first?.reference);
  expect(line?.['Last updated']).toBe(inDenver(first?.updated ?? '').replace('T', ' '));
  expect(line?.Late).toBe('No');
});

test('the returns list’s workbook names the customer, the original order and the reason', async ({
  page,
}) => {
  await page.goto('/returns');
  const workbook = await workbookOf(await download(page, /^Export to Excel/, 'returns.xlsx'));
  const received = workbook.find((cells) => {
    const reference = cells.Reference;
    return reference && 'text' in reference && reference.text === demoReferences.returns.received;
  });
  expect(received?.Customer).toMatchObject({ text: expect.any(String) });
  expect(received?.['Original order']).toMatchObject({ text: expect.stringMatching(/^SO-/) });
  expect(received?.['Units received']).toMatchObject({ number: expect.any(Number) });
});

test('the recall list of the demo lot gives each customer’s postal address, and the phone as it is', async ({
  page,
}) => {
  test.slow();
  const { lot, orders } = demoReferences.lots.recalled;
  await page.goto(`/trace?q=${lot}`);
  await expect(page.getByRole('link', { name: 'Export to Excel (3 rows)' })).toBeVisible();

  const workbook = await workbookOf(await download(page, 'Export to Excel (3 rows)', 'recall-list.xlsx'));
  const text = (cell: WorkbookCell | undefined) => (cell && 'text' in cell ? cell.text : '');
  expect(workbook.map((cells) => text(cells.Order)).toSorted()).toEqual([...orders].toSorted());
  for (const cells of workbook) {
    for (const column of ['Customer', 'Address line 1', 'City', 'Postal code', 'Country'])
      expect(text(cells[column]), column).not.toBe('');
    // Text in a workbook is never a formula: a phone keeps its + and gets no mark.
    expect(text(cells.Phone)).not.toMatch(/^'/);
    expect(cells.Units).toMatchObject({ number: expect.any(Number) });
    expect(cells.Shipped).toMatchObject({ style: 2 });
  }

  const csv = await readCsvFile(await (await download(page, 'Export CSV (3 rows)')).path());
  expect(csv.headers).toEqual([
    ...['Customer', 'Company', 'Email', 'Phone', 'Address line 1', 'Address line 2', 'City'],
    ...['State or region', 'Postal code', 'Country', 'Order', 'Shipped', 'Product code', 'Product'],
    ...['Units', 'Tracking number', 'Captured as', 'Lot or serial number'],
  ]);
  expect(csv.rows.every((cells) => cells['Address line 1'] !== '' && cells['Postal code'] !== '')).toBe(true);
});
