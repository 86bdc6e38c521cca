import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { demoReferences } from '#sandbox/warehouse/demo-references';
import { budgets } from './support/budgets';
import { expect, onAccountsConsole, test } from './support/fixtures';
import { e2ePassword } from './support/settings';

// The console with one account per role (see playwright.config.ts).
test.use(onAccountsConsole);
test.describe.configure({ timeout: budgets.signedInTour });

async function signIn(page: Page, role: string, path = '/') {
  await page.goto(path);
  await expect(page).toHaveURL(/\/sign-in\?redirect=/);
  await page.getByLabel('User name').fill(`${role}-user`);
  await page.getByRole('textbox', { name: 'Password' }).fill(e2ePassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(`${role}-user ·`)).toBeVisible();
}

/** What the server answers when this page's own script tries a change. */
function tryChange(page: Page, path: string, body: unknown = {}) {
  return page.evaluate(
    async ([target, payload]) => {
      const response = await fetch(target as string, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      });
      return { status: response.status, code: (await response.json()).errors[0]?.code as string | undefined };
    },
    [path, body] as const,
  );
}

test('nobody reads anything before signing in; a wrong password is said on the field and the name kept', async ({
  page,
  request,
}) => {
  expect(
    (await request.get('/api/warehouse/v1/orders', { params: { PrimaryReference: 'SO-100003' } })).status(),
  ).toBe(401);
  await page.goto(`/orders/${demoReferences.orders.entered}`);
  await expect(page).toHaveURL(/\/sign-in\?redirect=/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Sections' })).toHaveCount(0);

  await page.getByLabel('User name').fill('support-user');
  await page.getByRole('textbox', { name: 'Password' }).fill('not the password at all');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('The user name or the password is wrong.')).toBeVisible();
  await expect(page.getByLabel('User name')).toHaveValue('support-user');

  await page.getByRole('textbox', { name: 'Password' }).fill(e2ePassword);
  await page.getByRole('textbox', { name: 'Password' }).press('Enter');
  // Back where the person was going.
  await expect(page).toHaveURL(new RegExp(`/orders/${demoReferences.orders.entered}$`));
  await expect(
    page.getByRole('heading', { name: demoReferences.orders.entered, exact: false }).first(),
  ).toBeVisible();
});

test('support corrects and moves orders but cannot touch products', async ({ page }) => {
  await signIn(page, 'support', `/orders/${demoReferences.orders.entered}`);
  await expect(page.getByRole('link', { name: 'Correct order' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Warehouse (sandbox)' })).toBeVisible();
  await page.goto('/orders');
  await expect(page.getByRole('link', { name: 'New order' })).toBeVisible();

  await page.goto('/products');
  await expect(page.getByRole('heading', { name: 'Products', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'New product' })).toHaveCount(0);
  await page.goto('/products/new');
  await expect(page.getByRole('heading', { name: 'Not allowed for your role' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  expect(await tryChange(page, '/api/warehouse/v1/products', { productCode: 'E2E-SUPPORT' })).toEqual({
    status: 403,
    code: 'forbidden',
  });
  await expect(page.getByRole('link', { name: 'Import from CSV' })).toHaveCount(0);
  await page.goto('/products/import');
  await expect(page.getByRole('heading', { name: 'Not allowed for your role' })).toBeVisible();
  expect(
    await tryChange(page, '/api/imports/products/create', {
      rows: [{ row: 2, product: { productCode: 'E2E-SUPPORT' } }],
    }),
  ).toEqual({ status: 403, code: 'forbidden' });
});

test('a merchandiser creates products and announces receives, but cannot create or move orders or returns', async ({
  page,
}) => {
  await signIn(page, 'merchandiser', '/products');
  await expect(page.getByRole('link', { name: 'New product' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Import from CSV' })).toBeVisible();
  await page.goto('/orders');
  await expect(page.getByRole('heading', { name: 'Orders', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'New order' })).toHaveCount(0);
  await page.goto(`/orders/${demoReferences.orders.entered}`);
  await expect(page.getByText('Ship to', { exact: false }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Correct order' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Warehouse (sandbox)' })).toHaveCount(0);
  await page.goto(`/orders/${demoReferences.orders.entered}/edit`);
  await expect(page.getByRole('heading', { name: 'Not allowed for your role' })).toBeVisible();
  await page.goto('/receives');
  await expect(page.getByRole('link', { name: 'New receive' })).toBeVisible();
  await page.goto('/returns');
  await expect(page.getByRole('heading', { name: 'Returns', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'New return' })).toHaveCount(0);
  expect(await tryChange(page, `/api/sandbox/v1/orders/${demoReferences.orders.entered}/hold`)).toEqual({
    status: 403,
    code: 'forbidden',
  });
});

test('support exports the list it looks at and announces returns, but not receives', async ({ page }) => {
  await signIn(page, 'support', '/orders');
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('link', { name: /^Export CSV/ }).click();
  const csv = (await readFile(await (await downloadPromise).path(), 'utf8')).replace(/^\uFEFF/, '');
  expect(csv.split('\r\n')[0]?.split(',').slice(0, 3)).toEqual(['Reference', 'Customer', 'State']);
  expect(csv).toContain(demoReferences.orders.shipped);

  await page.goto('/returns');
  await expect(page.getByRole('link', { name: 'New return' })).toBeVisible();
  await page.goto('/receives');
  await expect(page.getByRole('heading', { name: 'Receives', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'New receive' })).toHaveCount(0);
  expect(await tryChange(page, '/api/warehouse/v1/receives', { primaryReference: 'E2E-SUPPORT' })).toEqual({
    status: 403,
    code: 'forbidden',
  });
});

test('a manager creates a return and may announce receives, but sees no Accounts page', async ({ page }) => {
  const order = demoReferences.orders.shipped;
  await signIn(page, 'manager', '/returns/new');
  await page.getByRole('textbox', { name: /^Original order/ }).fill(order);
  await page.getByRole('button', { name: 'Find order' }).click();
  const line = page.getByTestId('return-line').first();
  await expect(line).toBeVisible();
  await line.getByRole('textbox', { name: / quantity back$/ }).fill('1');
  await line.getByRole('combobox', { name: / reason$/ }).fill('Dam');
  await page.getByRole('option', { name: 'Damaged' }).click();
  await page.getByRole('button', { name: 'Create return' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Return RMA-/ })).toBeVisible();

  await page.goto('/receives');
  await expect(page.getByRole('link', { name: 'New receive' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Export CSV/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Accounts' })).toHaveCount(0);
  expect(await tryChange(page, '/api/accounts', { name: 'e2e-by-manager' })).toMatchObject({ status: 403 });
});

test('the audit log names who tried what, failed sign-ins too; signing out ends the session', async ({
  page,
  accountsConsole,
}) => {
  const failed = await page.request.post('/api/session', {
    data: { name: 'nobody-here', password: 'a guess' },
    headers: { origin: accountsConsole },
  });
  expect(failed.status()).toBe(401);
  await signIn(page, 'support');
  expect(
    await tryChange(page, `/api/sandbox/v1/orders/${demoReferences.orders.enteredRateShopped}/hold`),
  ).toEqual({
    status: 200,
    code: undefined,
  });
  await page.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  // The address it had before it was named so still leads there.
  await page.goto('/activity');
  await expect(page).toHaveURL(/\/audit-log$/);
  const table = page.getByRole('table', { name: 'Latest changes' });
  const hold = table.getByRole('row').filter({ hasText: demoReferences.orders.enteredRateShopped });
  await expect(hold).toContainText('support-user');
  await expect(hold).toContainText('Warehouse: hold order');
  await expect(hold).toContainText('Done');
  const guess = table.getByRole('row').filter({ hasText: 'nobody-here' }).first();
  await expect(guess).toContainText('nobody-here (not signed in)');
  await expect(guess).toContainText('Sign-in failed');
  await expect(guess).toContainText('Not allowed');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await page.goto('/audit-log');
  await expect(page).toHaveURL(/\/sign-in\?redirect=/);
  expect(await tryChange(page, '/api/warehouse/v1/orders')).toEqual({
    status: 401,
    code: 'sign_in_required',
  });
});

test('an administrator adds an account, changes its role and removes it; others see no Accounts page', async ({
  page,
}) => {
  await signIn(page, 'admin', '/accounts');
  await expect(page.getByRole('heading', { name: 'Accounts', exact: true })).toBeVisible();
  // The grant table the server enforces: returns are support's, receives the merchandisers'.
  const grants = page.getByRole('table', { name: 'What each role may do' });
  await expect(grants.getByRole('row').filter({ hasText: 'Announce returns' }).getByRole('cell')).toHaveText([
    'Announce returns',
    'Yes',
    'No',
    'Yes',
    'Yes',
  ]);
  await expect(grants.getByRole('row').filter({ hasText: 'Announce receives' }).getByRole('cell')).toHaveText(
    ['Announce receives', 'No', 'Yes', 'Yes', 'Yes'],
  );
  const form = page.getByRole('form', { name: 'Add an account' });
  await form.getByLabel('User name').fill('e2e-new');
  await form.getByRole('textbox', { name: 'Password' }).fill('short');
  await form.getByRole('button', { name: 'Add account' }).click();
  await expect(form.getByText('Use at least 12 characters')).toBeVisible();
  await expect(form.getByLabel('User name')).toHaveValue('e2e-new');
  await form.getByRole('textbox', { name: 'Password' }).fill('a long enough password');
  await form.getByRole('button', { name: 'Add account' }).click();
  const row = page.getByRole('row').filter({ hasText: 'e2e-new' });
  await expect(row).toBeVisible();
  await row.getByLabel('Role of e2e-new').selectOption('manager');
  await expect(row.getByLabel('Role of e2e-new')).toHaveValue('manager');
  await row.getByRole('button', { name: 'Remove…' }).click();
  await row.getByRole('button', { name: 'Remove e2e-new' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'e2e-new' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Sign out' }).click();
  // Signed out once the sign-in page shows; going on before that raced the sign-out request.
  await expect(page).toHaveURL(/\/sign-in/);
  await signIn(page, 'support');
  await expect(page.getByRole('link', { name: 'Accounts' })).toHaveCount(0);
  await page.goto('/accounts');
  await expect(page.getByRole('heading', { name: 'Not allowed for your role' })).toBeVisible();
});
