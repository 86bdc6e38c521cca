import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { type Records, recordsThrough } from './records';

/** Scans the page for WCAG 2.2 A and AA violations and fails with their descriptions. */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
  expect(summary).toEqual([]);
}

/**
 * What route.fulfill needs to answer as the interface does when it refuses: the envelope with these errors.
 */
export function errorAnswer(
  status: number,
  errors: { code: string; title: string; detail?: string; source?: { pointer: string } }[],
) {
  return {
    status,
    json: {
      data: {},
      id: 'x',
      resource: [],
      errors: errors.map((error) => ({ status: String(status), ...error })),
    },
  };
}

/**
 * `request` calls the API as the console's own page does: with the console's Origin and a JSON type,
 * which the server asks of every change (pages in the browser send their real Origin themselves).
 * `records` makes the products, orders and receives a test starts from, through that `request`.
 */
export const test = base.extend<{ records: Records }>({
  request: async ({ playwright, baseURL }, use) => {
    const context = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { origin: baseURL ?? '', 'content-type': 'application/json' },
    });
    await use(context);
    await context.dispose();
  },
  records: async ({ request }, use) => {
    await use(recordsThrough(request));
  },
});
export { expect };
