import { errorAnswer, expect, test } from './support/fixtures';
import { headerSearch, searchMatches } from './support/locators';
import { uniqueSuffix } from './support/records';

test('the start page leads to every section through the navigation', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'What needs attention' })).toBeVisible();

  const nav = page.getByRole('navigation', { name: 'Sections' });
  for (const section of ['Orders', 'Receives', 'Returns', 'Products']) {
    await nav.getByRole('link', { name: section }).click();
    await expect(page.getByRole('heading', { level: 1, name: section })).toBeVisible();
    await expect(nav.getByRole('link', { name: section })).toHaveAttribute('aria-current', 'page');
  }
});

test('every page names itself in the title, and going back restores the earlier one', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Start · Warehouse Console');
  const nav = page.getByRole('navigation', { name: 'Sections' });
  await nav.getByRole('link', { name: 'Products' }).click();
  await expect(page).toHaveTitle('Products · Warehouse Console');
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'What needs attention' })).toBeVisible();
  await expect(page).toHaveTitle('Start · Warehouse Console');
  await nav.getByRole('link', { name: 'Receives' }).click();
  await expect(page).toHaveTitle('Receives · Warehouse Console');
  await page.getByRole('banner').getByRole('link', { name: 'Warehouse Console' }).click();
  await expect(page).toHaveTitle('Start · Warehouse Console');
  await page.goto('/no-such-page');
  await expect(page).toHaveTitle('Page not found · Warehouse Console');
  await page.getByRole('link', { name: 'Go to the start page' }).click();
  await expect(page).toHaveTitle('Start · Warehouse Console');
});

test('the badge says the console runs against the sandbox', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('banner').getByText('Sandbox', { exact: true })).toBeVisible();
});

test('the scheme toggle switches between light and dark and is remembered', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  await page.getByRole('button', { name: 'Switch to the dark color scheme' }).click();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.reload();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.getByRole('button', { name: 'Switch to the light color scheme' }).click();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
});

test('Ctrl+K focuses the search, which trims the input and opens the one product that matches', async ({
  page,
  records,
}) => {
  const product = await records.product(`SHELL-${uniqueSuffix()}`);
  await page.goto('/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await page.keyboard.press('Control+k');
  const search = headerSearch(page);
  await expect(search).toBeFocused();
  await search.fill(`  ${product.productCode}  `);
  await search.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/products/${product.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: product.productCode })).toBeVisible();
  // The search result replaced itself in history: Back returns to where the search started.
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
});

test('a search that matches nothing says so, in the palette and on the search page', async ({ page }) => {
  await page.goto('/');
  const search = headerSearch(page);
  const nothing = `NOTHING-${uniqueSuffix()}`;
  await search.fill(nothing);
  await expect(searchMatches(page)).toContainText(`Nothing matches “${nothing}”`);
  await search.press('Enter');
  await expect(page.getByRole('heading', { name: 'Nothing matches' })).toBeVisible();
});

test('an empty search asks for something to look for instead of searching', async ({ page }) => {
  await page.goto('/');
  const search = headerSearch(page);
  await search.fill('   ');
  await search.press('Enter');
  await expect(
    page.getByText('Type a reference, a name, an email, a tracking or serial number'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('the search page without a query says what to type', async ({ page }) => {
  await page.goto('/search');
  await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible();
  await expect(page.getByText('Type what you are looking for')).toBeVisible();
  await expect(page).toHaveTitle('Search · Warehouse Console');
});

test('a search that matches an order and a product shows both, and lists both on the search page', async ({
  page,
  records,
}) => {
  const code = `BOTH-${uniqueSuffix()}`;
  const product = await records.product(code);
  await records.order(code, { productCode: code });
  await page.goto('/');
  const search = headerSearch(page);
  await search.fill(code);
  const palette = searchMatches(page);
  await expect(palette.getByRole('group', { name: 'Orders' }).getByRole('option')).toContainText(code);
  await expect(palette.getByRole('group', { name: 'Products' }).getByRole('option')).toContainText(
    'product code:',
  );
  await palette.getByRole('option', { name: /See all matches/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Search results for “${code}”` })).toBeVisible();
  await expect(page).toHaveTitle(`Search “${code}” · Warehouse Console`);
  const matches = page.getByRole('list', { name: 'Matches' });
  await expect(matches.getByRole('listitem')).toHaveCount(2);
  // By each row's kind: the order's row names the product it holds too.
  const ofKind = (kind: string) =>
    matches.getByRole('listitem').filter({ has: page.getByText(kind, { exact: true }) });
  await expect(ofKind('Order').getByRole('link', { name: code })).toHaveAttribute('href', `/orders/${code}`);
  await expect(ofKind('Order')).toContainText('reference:');
  await ofKind('Product').getByRole('link', { name: code }).click();
  await expect(page).toHaveURL(new RegExp(`/products/${product.id}$`));
});

test('an unknown address shows the not-found page inside the shell', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Sections' })).toBeVisible();
});

// The Products list falls back to the console's copy (warehouse-silence.spec.ts); a product's page has none.
test('a failing request shows the error page with a way to try again', async ({ page }) => {
  await page.route(/\/api\/warehouse\/v1\/products\/\d+$/, (route) =>
    route.fulfill(
      errorAnswer(502, [
        {
          code: 'upstream_unreachable',
          title: 'The warehouse service could not be reached',
          detail: 'Try again in a moment.',
        },
      ]),
    ),
  );
  await page.goto('/products/1');
  await expect(
    page.getByRole('heading', { level: 1, name: 'The warehouse service could not be reached' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expect(page).toHaveTitle('The warehouse service could not be reached · Warehouse Console');
});
