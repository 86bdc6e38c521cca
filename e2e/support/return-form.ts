import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures';
import { uniqueSuffix } from './records';

/** Opens a new return of `order` with `quantity` of `product` coming back because it was damaged. */
export async function fillReturn(page: Page, order: string, product: string, quantity: string) {
  await page.goto('/returns/new');
  await page.getByRole('textbox', { name: /^Original order/ }).fill(order);
  await page.getByRole('button', { name: 'Find order' }).click();
  await page.getByRole('textbox', { name: /^RMA reference/ }).fill(`RMA-E2E-${uniqueSuffix()}`);
  await page.getByRole('textbox', { name: `${product} quantity back` }).fill(quantity);
  await page.getByRole('combobox', { name: `${product} reason` }).fill('Damaged');
}

/** The lines of the order `reference`, as the warehouse holds them. */
export async function orderLinesOf(request: APIRequestContext, reference: string) {
  const answer = await request.get('/api/warehouse/v1/orders', { params: { PrimaryReference: reference } });
  expect(answer.ok(), await answer.text()).toBe(true);
  const [order] = (await answer.json()).data.orders as {
    orderLines: { productCode: string; quantity: number }[];
  }[];
  return order?.orderLines ?? [];
}
