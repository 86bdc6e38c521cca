import type { APIRequestContext, Page } from '@playwright/test';
import { budgets } from './budgets';
import { test } from './fixtures';
import type { Records } from './records';
import { checkBothSchemes, checkPhoneWidth } from './screenshots';

type Reach = (fixtures: { page: Page; request: APIRequestContext; records: Records }) => Promise<void>;

/** How a sweep reaches its page, and what it also checks at a phone's width (see checkPhoneWidth). */
export type SweptPage = Reach | { reach: Reach; phone: Parameters<typeof checkPhoneWidth>[2] };

/**
 * One journey tagged @sweep per page (or state of a page) of `pages`: it reaches the page, checks it with
 * axe and takes its screenshots in both schemes (screenshots/<name>-light.png, -dark.png), then at a
 * phone's width where asked. The behaviour journeys leave this to the sweeps. Each reaches its page on its
 * own, so a file's sweeps spread over the workers.
 */
export function sweep(pages: Record<string, SweptPage>) {
  test.describe.configure({ mode: 'parallel' });
  for (const [name, swept] of Object.entries(pages)) {
    const { reach, phone } = typeof swept === 'function' ? { reach: swept, phone: undefined } : swept;
    test(`${name}: axe and screenshots in both schemes`, { tag: '@sweep' }, async ({
      page,
      request,
      records,
    }) => {
      test.setTimeout(budgets.sweep);
      await reach({ page, request, records });
      await checkBothSchemes(page, name);
      if (phone) await checkPhoneWidth(page, name, phone);
    });
  }
}
