import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { budgets } from './budgets';

/**
 * Waits until the console's index lists `total` records for `params`: changes made at the sandbox reach
 * the index by webhook, a moment after the call that made them returned.
 */
export async function untilIndexed(
  request: APIRequestContext,
  list: 'orders' | 'receives',
  params: Record<string, string>,
  total: number,
) {
  await expect
    .poll(async () => {
      const response = await request.get(`/api/index/${list}`, { params });
      return (await response.json()).data?.total;
    })
    .toBe(total);
}

/**
 * A lower bound of `updatedFrom` for records a test is about to make: a second early, as the sandbox
 * stamps its changes to the second.
 */
export function updatedFromNow(): string {
  return new Date(Math.floor(Date.now() / 1000) * 1000 - 1000).toISOString();
}

/** On the Sync page: reads the sandbox's deliveries again until the one of `reference` shows as delivered. */
export async function untilDeliveryShown(page: Page, reference: string) {
  const deliveries = page.getByRole('region', { name: "The sandbox's webhook deliveries" });
  await expect(async () => {
    await page.getByRole('button', { name: 'Read again' }).click();
    await expect(deliveries.getByRole('row', { name: new RegExp(reference) })).toContainText('Delivered', {
      timeout: 1000,
    });
  }).toPass({ timeout: budgets.webhookDelivery });
}
