import type { Page } from '@playwright/test';
import { errorAnswer, expect } from './fixtures';

export async function startNewProduct(page: Page, code: string, description: string) {
  await page.goto('/products/new');
  await expect(page.getByRole('heading', { level: 1, name: 'New product' })).toBeVisible();
  await page.getByLabel('Product code (SKU)').fill(code);
  await page.getByRole('textbox', { name: /^Description/ }).fill(description);
}

export async function addAttribute(
  page: Page,
  number: number,
  key: string,
  flags: { release?: boolean; rf?: boolean },
) {
  await page.getByRole('button', { name: 'Add attribute' }).click();
  const attribute = page.getByRole('group', { name: `Attribute ${number}`, exact: true });
  await attribute.getByLabel(`Attribute ${number} key`).selectOption(key);
  if (flags.release) await attribute.getByLabel('Capture at warehouse release').check();
  if (flags.rf) await attribute.getByLabel('Confirm by RF scan').check();
  return attribute;
}

/** The new product form filled in for a serialized (ANE) trail camera, its serial number confirmed by RF. */
export async function fillSerializedCamera(page: Page, code: string) {
  await startNewProduct(page, code, 'Trail camera, serialized');
  await page.getByLabel('Unit price').fill('129.50');
  await page.getByLabel('Weight', { exact: true }).fill('1.5');
  await page.getByLabel('Weight unit').selectOption('LB');
  await page.getByRole('radio', { name: /ANE: attribute neutral/ }).check();
  await addAttribute(page, 1, 'SN', { rf: true });
}

/**
 * Changes the description of product `id` on its edit page and saves, the warehouse refusing the change
 * with a 500 of its own (the interface's product update is in beta).
 */
export async function saveEditRefusedUpstream(page: Page, id: string) {
  await page.route(`**/api/warehouse/v1/products/${id}`, (route) =>
    route.request().method() === 'PATCH'
      ? route.fulfill(
          errorAnswer(500, [
            { code: 'internal_error', title: 'Unexpected error', detail: 'Update failed upstream' },
          ]),
        )
      : route.continue(),
  );
  await page.goto(`/products/${id}/edit`);
  await page.getByRole('textbox', { name: /^Description/ }).fill('Beta check, changed');
  await page.getByRole('button', { name: 'Save changes' }).click();
}
