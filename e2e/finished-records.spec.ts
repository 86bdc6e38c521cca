import type { APIRequestContext } from '@playwright/test';
import { budgets } from './support/budgets';
import { expect, test } from './support/fixtures';

/** The references of every record the index lists for `params` (one page of 200 each; the demo has fewer). */
async function listed(
  request: APIRequestContext,
  list: 'orders' | 'receives',
  params: Record<string, string>,
) {
  const answer = await request.get(`/api/index/${list}`, { params: { ...params, limit: '200' } });
  expect(answer.ok()).toBe(true);
  const { rows, nextCursor } = (await answer.json()).data as {
    rows: { reference: string }[];
    nextCursor: string | null;
  };
  expect(nextCursor, `every ${list} of ${JSON.stringify(params)} on one page`).toBeNull();
  return rows.map((row) => row.reference);
}

test('no finished or canceled order, receive or return of the demo speaks of what is "yet" to come', async ({
  page,
  request,
}) => {
  test.setTimeout(budgets.everyFinishedRecord);
  const pages = [
    ...(await listed(request, 'orders', { state: 'shipped,shipped_short,shipped_over,canceled' })).map(
      (reference) => `/orders/${reference}`,
    ),
    ...(await listed(request, 'receives', { kind: 'receive', status: 'FIN,CAN' })).map(
      (reference) => `/receives/${reference}`,
    ),
    ...(await listed(request, 'receives', { kind: 'return', status: 'FIN,CAN' })).map(
      (reference) => `/returns/${reference}`,
    ),
  ];
  // The demo has finished and canceled records of each kind (about a hundred orders, a score of receives).
  expect(pages.filter((path) => path.startsWith('/orders/')).length).toBeGreaterThan(50);
  expect(pages.filter((path) => path.startsWith('/receives/')).length).toBeGreaterThan(5);
  expect(pages.filter((path) => path.startsWith('/returns/')).length).toBeGreaterThan(2);

  const saidYet: string[] = [];
  for (const path of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The activity loads after the page: what it says counts too.
    await expect(page.getByText('Loading activity…')).toHaveCount(0);
    // What a person reads: the rendered text, without the hidden parts (the record's raw fields, styles).
    // biome-ignore lint/performance/useDomNodeTextContent: the text as shown is the point
    const text = await page.locator('body').innerText();
    for (const line of text.split('\n')) if (/\byet\b/i.test(line)) saidYet.push(`${path}: ${line.trim()}`);
  }
  expect(saidYet).toEqual([]);
});
