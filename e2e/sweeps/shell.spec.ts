import type { Page } from '@playwright/test';
import { demoReferences } from '#sandbox/warehouse/demo-references';
import { errorAnswer, expect, test } from '../support/fixtures';
import { untilDeliveryShown } from '../support/index-lists';
import { headerSearch, searchMatches } from '../support/locators';
import { uniqueSuffix } from '../support/records';
import { sweep } from '../support/sweeps';

// The shell, search, trace, the start page and the Sync page, each in the state a behaviour journey reaches
// (shell.spec.ts, search-palette.spec.ts, trace.spec.ts, work-queues.spec.ts, freshness.spec.ts,
// date-filters.spec.ts).

/** Values of the demo data: a webshop order shipped to a repeat customer, with a serialized headphone. */
const demo = {
  webOrderNumber: '#web-2837551',
  serialNumber: 'HDPN61518967',
  repeatCustomer: 'owen.murphy@example.com',
};

async function traced(page: Page, typed: string) {
  await page.goto(`/trace?q=${typed}`);
  await expect(
    page.getByTestId('trace-summary').or(page.getByRole('heading', { name: /^No order, receive/ })),
  ).toBeVisible();
}

/** The Orders page's ship-by filter set to a range of its own, in an American reader's format. */
async function customShipBy(page: Page) {
  await page.goto('/orders');
  const shipBy = page.getByRole('group', { name: 'Ship by' });
  await shipBy.getByLabel('Ship by').selectOption('custom');
  return shipBy;
}

sweep({
  'not-found': async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  },
  error: async ({ page }) => {
    await page.route(/\/api\/warehouse\/v1\/products\/\d+$/, (route) =>
      route.fulfill(
        errorAnswer(502, [
          { code: 'upstream_unreachable', title: 'The warehouse service could not be reached' },
        ]),
      ),
    );
    await page.goto('/products/1');
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
  home: {
    phone: 'light scheme',
    reach: async ({ page }) => {
      await page.goto('/');
      await expect(
        page.getByRole('region', { name: 'Late orders', exact: true }).getByTestId('queue-count'),
      ).toBeVisible();
      await expect(
        page.getByRole('img', { name: /orders shipped in the last 14 days|No order shipped/ }),
      ).toBeVisible();
    },
  },
  'search-palette': async ({ page }) => {
    await page.goto('/orders');
    await headerSearch(page).fill(demo.webOrderNumber);
    await expect(searchMatches(page).getByRole('option').first().locator('mark')).toBeVisible();
  },
  'search-palette-repeat-customer': async ({ page }) => {
    await page.goto('/orders');
    await headerSearch(page).fill(demo.repeatCustomer);
    await expect(searchMatches(page).getByTestId('more-matches')).toBeVisible();
  },
  'search-all': async ({ page }) => {
    await page.goto('/search?q=example.com');
    await expect(page.getByRole('list', { name: 'Matches' }).getByRole('listitem')).toHaveCount(25);
  },
  'search-several': async ({ page, records }) => {
    const code = `BOTH-${uniqueSuffix()}`;
    await records.product(code);
    await records.order(code, { productCode: code });
    await page.goto(`/search?q=${code}`);
    await expect(page.getByRole('list', { name: 'Matches' }).getByRole('listitem')).toHaveCount(2);
  },
  'search-nothing': async ({ page }) => {
    await page.goto(`/search?q=NOTHING-${uniqueSuffix()}`);
    await expect(page.getByRole('heading', { name: 'Nothing matches' })).toBeVisible();
  },
  'search-empty': async ({ page }) => {
    await page.goto('/search');
    await expect(page.getByText('Type what you are looking for')).toBeVisible();
  },
  trace: { phone: 'light scheme', reach: ({ page }) => traced(page, demo.serialNumber) },
  'trace-demo-recall': ({ page }) => traced(page, demoReferences.lots.recalled.lot),
  'trace-nothing': ({ page }) => traced(page, 'NO-SUCH-LOT'),
  sync: async ({ page, records }) => {
    const reference = `SO-SYNC-${uniqueSuffix()}`;
    await records.order(reference);
    await page.goto('/sync');
    await untilDeliveryShown(page, reference);
  },
});

test.describe('an American reader’s dates', () => {
  test.use({ locale: 'en-US' });

  sweep({
    'orders-ship-by-calendar': async ({ page }) => {
      const shipBy = await customShipBy(page);
      await shipBy.getByRole('button', { name: 'To: choose on a calendar' }).click();
      await expect(
        page.getByRole('dialog', { name: 'To: choose on a calendar' }).getByRole('table'),
      ).toBeVisible();
    },
    'orders-ship-by-not-a-day': async ({ page }) => {
      const shipBy = await customShipBy(page);
      const from = shipBy.getByRole('textbox', { name: 'From' });
      await from.fill('02/31/2026');
      await expect(from).toHaveAccessibleDescription(/02\/31\/2026 is not a date/);
    },
    'orders-ship-by-this-week': async ({ page }) => {
      await page.goto('/orders?sort=reference&dir=asc');
      await page.getByRole('group', { name: 'Ship by' }).getByLabel('Ship by').selectOption('thisWeek');
      await expect(page).toHaveURL(/shipByFrom=\d{4}-\d{2}-\d{2}/);
    },
  });
});
