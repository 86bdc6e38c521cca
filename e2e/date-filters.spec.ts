import type { APIRequestContext } from '@playwright/test';
import { localDay } from '#domain/local-day';
import { addDays, startOfWeek } from '#domain/typed-day';
import { expect, test } from './support/fixtures';
import { uniqueSuffix } from './support/records';

// A reader in the US: days typed and shown month first, weeks starting on Sunday.
test.use({ locale: 'en-US' });

async function orderDue(request: APIRequestContext, reference: string, productCode: string, due: string) {
  const created = await request.post('/api/warehouse/v1/orders', {
    data: {
      warehouseCode: 'LAW',
      primaryReference: reference,
      requiredShipDate: due,
      shipToAddress: { address: { addressLine1: '1 Main St', city: 'Austin', country: 'US' } },
      orderLines: [{ productCode, quantity: 1 }],
      rateGroup: 'STANDARD',
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
}

test('an American types 11/23/2026, picks the end on the calendar by mouse and by keyboard', async ({
  page,
}) => {
  await page.goto('/orders');
  const shipBy = page.getByRole('group', { name: 'Ship by' });
  await shipBy.getByLabel('Ship by').selectOption('custom');
  const from = shipBy.getByRole('textbox', { name: 'From' });
  await expect(from).toHaveAttribute('placeholder', 'MM/DD/YYYY');
  // Key by key: a two-digit year on the way to four is never sent.
  await from.pressSequentially('11/23/20');
  await expect(page).not.toHaveURL(/shipByFrom/);
  await from.pressSequentially('26');
  await expect(page).toHaveURL(/shipByFrom=2026-11-23/);
  await expect(from).toHaveValue('11/23/2026');

  await shipBy.getByRole('button', { name: 'To: choose on a calendar' }).click();
  const calendar = page.getByRole('dialog', { name: 'To: choose on a calendar' });
  await expect(calendar.getByRole('table')).toBeVisible();
  await calendar.getByRole('button', { name: 'Next month' }).click();
  const firstOfNext = calendar.getByRole('button', { name: / 1, \d{4}$/ });
  const nextMonth = localDay(new Date(new Date().getFullYear(), new Date().getMonth() + 1, 1));
  await firstOfNext.click();
  await expect(calendar).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`shipByTo=${nextMonth}`));
  const to = shipBy.getByRole('textbox', { name: 'To' });
  await expect(to).toHaveValue(`${nextMonth.slice(5, 7)}/01/${nextMonth.slice(0, 4)}`);

  // The keyboard: the calendar opens on the day held, an arrow moves a day, Enter takes it.
  await shipBy.getByRole('button', { name: 'To: choose on a calendar' }).click();
  await expect(calendar.getByRole('button', { pressed: true })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`shipByTo=${addDays(nextMonth, 1)}`));
  await expect(shipBy.getByRole('button', { name: 'To: choose on a calendar' })).toBeFocused();

  // A day that does not exist is said in words on the field; the list keeps its range.
  await from.fill('02/31/2026');
  await expect(from).toHaveAccessibleDescription(/02\/31\/2026 is not a date/);
  await expect(page).toHaveURL(/shipByFrom=2026-11-23/);
});

test('"Last week" lists the orders due last week, not this week nor the week before', async ({
  page,
  request,
  records,
}) => {
  const id = uniqueSuffix();
  const weekStart = startOfWeek(localDay(new Date()), 7);
  const lastWeek = { from: addDays(weekStart, -7), to: addDays(weekStart, -1) };
  // "0-" sorts these first by reference, ahead of the demo orders due in the same days.
  const due = { last: addDays(weekStart, -4), this: weekStart, before: addDays(weekStart, -8) };
  const reference = (which: string) => `0-WEEK-${id}-${which}`;
  await records.product(`WEEK-${id}`);
  for (const [which, day] of Object.entries(due))
    await orderDue(request, reference(which), `WEEK-${id}`, day);
  await expect
    .poll(async () => {
      const answer = await request.get('/api/index/orders', {
        params: { shipByFrom: lastWeek.from, shipByTo: lastWeek.to, sort: 'reference', dir: 'asc' },
      });
      return (await answer.json()).data?.rows?.[0]?.reference;
    })
    .toBe(reference('last'));

  await page.goto('/orders?sort=reference&dir=asc');
  const shipBy = page.getByRole('group', { name: 'Ship by' });
  await shipBy.getByLabel('Ship by').selectOption('lastWeek');
  await expect(page).toHaveURL(new RegExp(`shipByFrom=${lastWeek.from}.*shipByTo=${lastWeek.to}`));
  const rows = page.getByRole('table', { name: 'Orders, page 1' }).locator('tbody tr');
  await expect(rows.first().locator('th')).toHaveText(reference('last'));
  await expect(page.getByRole('link', { name: reference('this') })).toHaveCount(0);
  await expect(page.getByRole('link', { name: reference('before') })).toHaveCount(0);

  await shipBy.getByLabel('Ship by').selectOption('thisWeek');
  await expect(rows.first().locator('th')).toHaveText(reference('this'));
  await expect(page.getByRole('link', { name: reference('last') })).toHaveCount(0);
});
