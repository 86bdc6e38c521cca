import type { Locator, Page } from '@playwright/test';

/** A form's input by its label: Mantine renders selects and autocompletes as comboboxes, the rest as textboxes. */
export function formField(scope: Page | Locator, name: string) {
  return scope
    .getByRole('textbox', { name, exact: true })
    .or(scope.getByRole('combobox', { name, exact: true }));
}

/** The header's search, on every page: a combobox once its type-ahead palette has loaded. */
export const headerSearch = (page: Page) =>
  page.getByRole('combobox', { name: 'Find an order, receive, return or product' });

/** The matches the header's search shows as you type. */
export const searchMatches = (page: Page) => page.getByRole('listbox', { name: 'Matches' });

/** What an unsaved form asks before the page is left. */
export const leaveDialog = (page: Page) => page.getByRole('dialog', { name: 'Leave without saving?' });

/** The product of a receive's or a return's line: an autocomplete. */
export const productLineField = (page: Page, line: number) =>
  page.getByRole('combobox', { name: `Line ${line} product`, exact: true });

/** The warehouse of a new receive or return: a select that lists the console's warehouses. */
export const warehouseField = (page: Page) =>
  page
    .getByRole('textbox', { name: 'Warehouse', exact: true })
    .or(page.getByRole('combobox', { name: 'Warehouse', exact: true }));

export async function chooseWarehouse(page: Page, code: string) {
  await warehouseField(page).click();
  await page.getByRole('option', { name: code, exact: true }).click();
}

/** Chooses a CSV file of `text` in the page's file input, as a person picks one from their disk. */
export async function chooseCsv(page: Page, name: string, text: string) {
  await page
    .locator('input[type=file]')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
}
