import {
  allFieldsRow,
  fillAneWithReleaseCapture,
  useDocumentedOperator,
} from '../support/documented-operator';
import { documented } from '../support/documented-records';
import { expect, test } from '../support/fixtures';
import { sweep } from '../support/sweeps';

// The record pages over a stand-in answering as the operator's documentation shows, each in the state a
// behaviour journey reaches (documented-operator.spec.ts).
test.beforeEach(async ({ page }) => {
  await useDocumentedOperator(page);
});

sweep({
  'documented-receive': async ({ page }) => {
    await page.goto(`/receives/${documented.receive}`);
    await expect(await allFieldsRow(page, `receive ${documented.receive}`, 'id')).toBeVisible();
  },
  'documented-order': async ({ page }) => {
    await page.goto(`/orders/${documented.order}`);
    await expect(await allFieldsRow(page, `order ${documented.order}`, 'transportDetail')).toBeVisible();
  },
  'documented-product': async ({ page }) => {
    await page.goto(`/products/${documented.productId}`);
    await expect(await allFieldsRow(page, `product ${documented.product}`, 'unitPrice')).toBeVisible();
  },
  'documented-products-list': async ({ page }) => {
    await page.goto('/products');
    await page.getByRole('link', { name: 'Next' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'does not page through its products' }),
    ).toBeVisible();
  },
  'documented-product-ane-warning': async ({ page }) => {
    await fillAneWithReleaseCapture(page);
    await expect(
      page.getByRole('status').filter({ hasText: 'The warehouse service may refuse this pick mode' }),
    ).toBeVisible();
  },
});
