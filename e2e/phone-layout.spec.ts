import type { Page } from '@playwright/test';
import { demoReferences } from '#sandbox/warehouse/demo-references';
import { budgets } from './support/budgets';
import { expect, test } from './support/fixtures';

// A phone held upright, touched rather than clicked.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/**
 * Fails when the page is wider than the screen: nothing may scroll sideways. A phone's browser widens its
 * layout to a page too wide and zooms out, so innerWidth alone would follow the page: it must stay 390.
 */
async function expectNoSidewaysScroll(page: Page, name: string) {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    screen: window.innerWidth,
  }));
  expect(widths, `${name} at 390 px`).toEqual({ page: Math.min(widths.page, 390), screen: 390 });
}

async function productPath(page: Page): Promise<string> {
  await page.goto('/products');
  const link = page.getByRole('table').getByRole('link').first();
  await expect(link).toBeVisible();
  return (await link.getAttribute('href')) as string;
}

test('no page scrolls sideways at 390 px, lists show as cards and forms fit', { tag: '@sweep' }, async ({
  page,
}) => {
  test.setTimeout(budgets.everyPageOnAPhone);
  const product = await productPath(page);
  const pages: [string, string, string][] = [
    ['start', '/', 'What needs attention'],
    ['orders', '/orders', 'Orders'],
    [
      'order',
      `/orders/${demoReferences.orders.multiShipment}`,
      `Order ${demoReferences.orders.multiShipment}`,
    ],
    ['order-form', '/orders/new', 'New order'],
    [
      'order-edit',
      `/orders/${demoReferences.orders.entered}/edit`,
      `Correct order ${demoReferences.orders.entered}`,
    ],
    ['receives', '/receives', 'Receives'],
    ['receive', `/receives/${demoReferences.receives.partial}`, ''],
    ['receive-form', '/receives/new', ''],
    ['returns', '/returns', 'Returns'],
    ['return', `/returns/${demoReferences.returns.awaiting}`, ''],
    ['return-form', '/returns/new', ''],
    ['products', '/products', 'Products'],
    ['product', product, ''],
    ['product-form', '/products/new', ''],
    ['product-edit', `${product}/edit`, ''],
    ['search', '/search?q=SO-1000', ''],
    ['sync', '/sync', ''],
    ['audit-log', '/audit-log', ''],
    ['accounts', '/accounts', ''],
  ];
  for (const [name, path, heading] of pages) {
    await page.goto(path);
    const title = page.getByRole('heading', { level: 1 }).first();
    await expect(title).toBeVisible();
    if (heading) await expect(title).toContainText(heading);
    // Lists, tables and timelines load after the heading.
    await page.waitForLoadState('networkidle');
    await expectNoSidewaysScroll(page, name);
    await page.screenshot({ path: `screenshots/phone-${name}.png`, fullPage: true });
  }
});

test('a list on a phone is a card per record, each value named by its column', async ({ page }) => {
  await page.goto('/orders');
  const row = page.getByRole('table').getByRole('row').nth(1);
  await expect(row).toBeVisible();
  // The first cell's column, named on it even where a card leaves an empty value ("—") off.
  await expect(row.locator('td').first()).toHaveAttribute('data-label', 'Customer');
  const box = await row.boundingBox();
  expect(box?.width).toBeLessThanOrEqual(390);
});

test('the header search spans the phone, and offers no keyboard shortcut', async ({ page }) => {
  await page.goto('/');
  // The type-ahead palette, once it has taken the plain box's place.
  const search = page.getByRole('combobox', { name: 'Find an order, receive, return or product' });
  await expect(search).toBeVisible();
  const box = await search.boundingBox();
  expect(box?.width).toBeGreaterThan(300);
  expect(await page.evaluate(() => matchMedia('(hover: none), (pointer: coarse)').matches)).toBe(true);
  await expect(page.locator('.keyboard-hint')).toHaveCount(2);
  for (const hint of await page.locator('.keyboard-hint').all()) await expect(hint).toBeHidden();
  await expect(page.getByText('Press Ctrl or ⌘ + K to search')).toBeHidden();
});

test('on the order form an empty submit focuses the Warehouse, the first field; a tap on Create order submits', async ({
  page,
}) => {
  await page.goto('/orders/new');
  const create = page.getByRole('button', { name: 'Create order' });
  await create.tap();
  await expect(
    page.getByRole('combobox', { name: /^Warehouse/ }).or(page.getByRole('textbox', { name: /^Warehouse/ })),
  ).toBeFocused();
  // The tap reached the button, not the note above it.
  await expect(page.getByRole('textbox', { name: 'Note for the warehouse' })).not.toBeFocused();
});
