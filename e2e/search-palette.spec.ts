import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { headerSearch, searchMatches } from './support/locators';

// Values of the demo data (src/sandbox/warehouse, SANDBOX_SEED=demo, the same whatever day it is seeded):
// a webshop order shipped to Jordan Ellis with a serialized headphone, and a receive whose lots arrived.
const demoOrder = {
  reference: 'SO-100125',
  email: 'jordan.ellis@example.com',
  trackingNumber: '1ZUPMJ050079070958',
  serialNumber: 'HDPN61518967',
  webOrderNumber: 'WEB-2837551',
};
const demoReceive = { reference: 'PO-200017', lot: 'LOTK9AV0U' };

/** The palette's option for `reference`, once the matches for what was typed have come. */
const matchOption = (page: Page, reference: string) =>
  searchMatches(page).getByRole('option').filter({ hasText: reference });

test('support finds an order by whatever the customer says, before pressing Enter, and opens it by keyboard', async ({
  page,
}) => {
  await page.goto('/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await page.keyboard.press('Control+k');
  const search = headerSearch(page);
  await expect(search).toBeFocused();

  const saidByCustomer = [
    [demoOrder.email, "customer's email"],
    ['jordan ell', "customer's name"],
    [demoOrder.trackingNumber, 'tracking number'],
    [demoOrder.serialNumber, 'serial number'],
    [`#${demoOrder.webOrderNumber.toLowerCase()}`, 'secondary reference'],
  ] as const;
  for (const [typed, reason] of saidByCustomer) {
    await search.fill(typed);
    const option = matchOption(page, demoOrder.reference);
    await expect(option.first(), typed).toContainText(`${reason}:`);
    await expect(page, 'nothing opens before Enter').toHaveURL(/\/orders$/);
  }
  await expect(searchMatches(page).getByRole('group', { name: 'Orders' })).toBeVisible();
  // The part of the web order number that matched is marked, as typed without the # and in any case.
  await expect(matchOption(page, demoOrder.reference).first().locator('mark')).toHaveText(
    demoOrder.webOrderNumber,
  );

  await search.press('ArrowDown');
  const chosen = matchOption(page, demoOrder.reference).first();
  await expect(search).toHaveAttribute('aria-activedescendant', (await chosen.getAttribute('id')) ?? '');
  await expect(chosen).toHaveAttribute('aria-selected', 'true');
  await search.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/orders/${demoOrder.reference}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Order ${demoOrder.reference}` })).toBeVisible();
});

test("a repeat customer's email gives matches that can be told apart, newest order first", async ({
  page,
}) => {
  // Owen Murphy placed twelve of the demo's orders, in every state (demo-order-plan.ts).
  await page.goto('/orders');
  await headerSearch(page).fill('owen.murphy@example.com');
  // Ten places in all: returns of his orders that earlier journeys made may take some of them.
  await expect(searchMatches(page).getByRole('group').getByRole('option')).toHaveCount(10);
  const orders = searchMatches(page).getByRole('group', { name: 'Orders' }).getByRole('option');
  expect(await orders.count()).toBeGreaterThanOrEqual(6);
  const texts = await orders.allInnerTexts();
  expect(new Set(texts).size, texts.join('\n')).toBe(texts.length);
  for (const text of texts) expect(text).toMatch(/ordered \w{3} \d{1,2}, \d{4}/);
  expect(texts.some((text) => text.includes('no tracking yet'))).toBe(true);
  expect(texts.some((text) => /tracking \w{10,}/.test(text))).toBe(true);
  expect(texts.some((text) => /\d+ × [A-Z][a-z][^·]*, \d+ more/.test(text))).toBe(true);
  expect(texts.some((text) => text.includes('Shipped short'))).toBe(true);
  // Newest order first: the dates read down the list never go forward.
  const dates = texts.map((text) => Date.parse(/ordered (\w{3} \d{1,2}, \d{4})/.exec(text)?.[1] ?? ''));
  expect(dates).toEqual(dates.toSorted((a, b) => b - a));
  await expect(searchMatches(page).getByTestId('more-matches')).toHaveText(/^\d+ more match(es)?$/);
});

test('Enter on what was typed opens the best match; Escape closes the palette', async ({ page }) => {
  await page.goto('/');
  const search = headerSearch(page);
  await search.fill(demoOrder.trackingNumber.slice(0, 12));
  await expect(matchOption(page, demoOrder.reference)).toContainText('tracking number:');
  await search.press('Escape');
  await expect(search).toHaveAttribute('aria-expanded', 'false');
  await search.fill(demoOrder.trackingNumber.toLowerCase());
  await search.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: `Order ${demoOrder.reference}` })).toBeVisible();
});

test('a receive is found by a lot number that arrived on it', async ({ page }) => {
  await page.goto('/receives');
  const search = headerSearch(page);
  await search.fill(demoReceive.lot.toLowerCase());
  const option = matchOption(page, demoReceive.reference);
  await expect(option).toContainText('lot number:');
  await expect(searchMatches(page).getByRole('group', { name: 'Receives' })).toBeVisible();
  await option.click();
  await expect(page).toHaveURL(new RegExp(`/receives/${demoReceive.reference}$`));
  await expect(
    page.getByRole('heading', { level: 1, name: new RegExp(demoReceive.reference) }),
  ).toBeVisible();
});

test('"See all matches" lists every match a page at a time, each saying why it matched', async ({ page }) => {
  await page.goto('/');
  const search = headerSearch(page);
  await search.fill('example.com');
  await searchMatches(page)
    .getByRole('option', { name: /See all matches/ })
    .click();
  await expect(page).toHaveURL(/\/search\?q=example\.com$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Search results for “example.com”' }),
  ).toBeVisible();
  const matches = page.getByRole('list', { name: 'Matches' }).getByRole('listitem');
  await expect(matches).toHaveCount(25);
  await expect(matches.first()).toContainText('email:');
  const firstOnPageOne = await matches.first().textContent();
  await page.getByRole('link', { name: 'Next page' }).click();
  await expect(page.getByText('Page 2')).toBeVisible();
  await expect(matches.first()).not.toHaveText(firstOnPageOne ?? '');
  await expect(page.getByRole('link', { name: 'Previous page' })).toBeVisible();
});

test('a record opened from the search has the focus on its heading; on an order one Tab reaches Copy tracking', async ({
  page,
}) => {
  await page.goto('/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  // As a person does it: the shortcut, what the customer said, Enter.
  await page.keyboard.press('Control+k');
  await expect(headerSearch(page)).toBeFocused();
  await page.keyboard.type(demoOrder.trackingNumber);
  await expect(matchOption(page, demoOrder.reference).first()).toBeVisible();
  await page.keyboard.press('Enter');
  const heading = page.getByRole('heading', { level: 1, name: `Order ${demoOrder.reference}` });
  await expect(heading).toBeFocused();
  // No ring around the heading: it is no control.
  await expect(heading).toHaveCSS('outline-style', 'none');
  await page.keyboard.press('Tab');
  await expect(
    page.getByRole('button', { name: `Copy tracking number ${demoOrder.trackingNumber}` }),
  ).toBeFocused();

  // Opened by a click on a match, a receive, a return and a product take the focus on their heading too.
  for (const [typed, group, reference, name] of [
    [demoReceive.lot, 'Receives', demoReceive.reference, `Receive ${demoReceive.reference}`],
    ['RMA-300003', 'Returns', 'RMA-300003', 'Return RMA-300003'],
    ['HDP-NC-700', 'Products', 'HDP-NC-700', 'HDP-NC-700'],
  ] as const) {
    await headerSearch(page).fill(typed);
    await searchMatches(page)
      .getByRole('group', { name: group })
      .getByRole('option')
      .filter({ hasText: reference })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeFocused();
  }
});
