import { expect, expectNoAxeViolations, test } from './fixtures';

test('the first page names the product and passes axe', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Warehouse Console' })).toBeVisible();
  await expectNoAxeViolations(page);
});
