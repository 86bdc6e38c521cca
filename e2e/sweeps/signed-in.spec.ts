import type { Page } from '@playwright/test';
import { demoReferences } from '#sandbox/warehouse/demo-references';
import { budgets } from '../support/budgets';
import { expect, onAccountsConsole, test } from '../support/fixtures';
import { e2ePassword } from '../support/settings';
import { sweep } from '../support/sweeps';

// The pages of a console with accounts, each in the state a behaviour journey reaches (roles.spec.ts).
test.use(onAccountsConsole);

async function signInPage(page: Page) {
  await page.goto(`/orders/${demoReferences.orders.entered}`);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
}

async function signIn(page: Page, role: string, path: string) {
  await page.goto(path);
  await page.getByLabel('User name').fill(`${role}-user`);
  await page.getByRole('textbox', { name: 'Password' }).fill(e2ePassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The password is hashed on a thread of its own, started for the console's first sign-in.
  await expect(page.getByText(`${role}-user ·`)).toBeVisible({ timeout: budgets.firstHeavyTask });
}

sweep({
  'sign-in': ({ page }) => signInPage(page),
  'sign-in-refused': async ({ page }) => {
    await signInPage(page);
    await page.getByLabel('User name').fill('support-user');
    await page.getByRole('textbox', { name: 'Password' }).fill('not the password at all');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('The user name or the password is wrong.')).toBeVisible();
  },
  'audit-log': async ({ page }) => {
    await signIn(page, 'support', '/audit-log');
    await expect(page.getByRole('table', { name: 'Latest changes' }).getByRole('row').nth(1)).toBeVisible();
  },
  accounts: async ({ page }) => {
    await signIn(page, 'admin', '/accounts');
    await expect(page.getByRole('table', { name: 'What each role may do' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'support-user' })).toBeVisible();
  },
});
