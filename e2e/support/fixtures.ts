import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type APIResponse, test as base, expect, type Page } from '@playwright/test';
import { budgets } from './budgets';
import { addRoleAccounts, scratchConsoleDb, startJourneyConsole } from './journey-consoles';
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

const busyRetries = 4;

/**
 * `context` asking again, after its Retry-After, what a console too pressed to take it answered 503
 * `server_busy` (as the pages do when they say "busy, try again in N s"): the other worker's journeys and
 * the machine's other work may press a console for a moment. Anything else is answered as it came.
 */
function waitingOutBusy(context: APIRequestContext): APIRequestContext {
  const asking = ['get', 'post', 'put', 'patch', 'delete', 'head', 'fetch'] as const;
  return new Proxy(context, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (!asking.includes(property as (typeof asking)[number]) || typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        for (let attempt = 1; ; attempt++) {
          const response: APIResponse = await value.apply(target, args);
          const busy = response.status() === 503 && (await response.text()).includes('"server_busy"');
          if (!busy || attempt === busyRetries) return response;
          await new Promise((resume) =>
            setTimeout(resume, Number(response.headers()['retry-after'] ?? 1) * 1000),
          );
        }
      };
    },
  });
}

type WorkerConsoles = {
  /** This worker's open console (loopback, no accounts), which most journeys use: the default baseURL. */
  openConsole: string;
  /** This worker's console with one account per role, for the sign-in and role journeys. */
  accountsConsole: string;
};

/**
 * Each worker starts its own consoles, on free ports, when a test first asks for them (and again after a
 * failure, which ends the worker): a worker's journeys run one after the other against them.
 *
 * `request` calls the API as the console's own page does: with the console's Origin and a JSON type,
 * which the server asks of every change (pages in the browser send their real Origin themselves).
 * `records` makes the products, orders and receives a test starts from, through that `request`.
 */
export const test = base.extend<{ records: Records }, WorkerConsoles>({
  openConsole: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from its first argument
    async ({}, use) => {
      const running = await startJourneyConsole({ CONSOLE_DB: ':memory:' });
      await use(running.url);
      await running.stop();
    },
    { scope: 'worker', timeout: budgets.consoleStart },
  ],
  accountsConsole: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from its first argument
    async ({}, use) => {
      const database = scratchConsoleDb();
      addRoleAccounts(database.file, ['support', 'merchandiser', 'manager', 'admin']);
      const running = await startJourneyConsole({ CONSOLE_DB: database.file });
      await use(running.url);
      await running.stop();
      database.remove();
    },
    { scope: 'worker', timeout: budgets.consoleStart },
  ],
  baseURL: async ({ openConsole }, use) => {
    await use(openConsole);
  },
  request: async ({ playwright, baseURL }, use) => {
    const context = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { origin: baseURL ?? '', 'content-type': 'application/json' },
    });
    await use(waitingOutBusy(context));
    await context.dispose();
  },
  records: async ({ request }, use) => {
    await use(recordsThrough(request));
  },
});

/** For a spec whose journeys sign in: `test.use(onAccountsConsole)` points them at the accounts console. */
export const onAccountsConsole = {
  baseURL: async ({ accountsConsole }: WorkerConsoles, use: (url: string) => Promise<void>) => {
    await use(accountsConsole);
  },
};
export { expect };
