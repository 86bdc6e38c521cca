import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { formField } from './locators';
import { plainDemoProductCode } from './records';

/**
 * Opens the new order form from the Orders page and fills it in: a shipment to Long Beach of two units of a
 * plain demo product, rate-shopped in the STANDARD group, delivered at place.
 */
export async function fillNewOrder(page: Page, reference: string) {
  await page.goto('/orders');
  await page.getByRole('link', { name: 'New order' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New order' })).toBeVisible();
  const form = page.getByRole('form', { name: 'New order' });
  await formField(form, 'Warehouse').click();
  await page.getByRole('option', { name: 'LAW' }).click();
  await formField(form, 'Primary reference').fill(reference);
  await formField(form, 'Address line 1').fill('12 Harbor Road');
  await formField(form, 'City').fill('Long Beach');
  await formField(form, 'Country').fill('US');
  await formField(form, 'Contact name').fill('Dana Reyes');
  await formField(form, 'Line 1 product').fill(plainDemoProductCode);
  await formField(form, 'Line 1 quantity').fill('2');
  await form.getByText('Rate group', { exact: true }).click();
  await formField(form, 'Rate group').click();
  await page.getByRole('option', { name: 'STANDARD' }).click();
  await formField(form, 'Incoterm').click();
  await page.getByRole('option', { name: /^DAP/ }).click();
  return form;
}
