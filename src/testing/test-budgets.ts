/**
 * Time a test or hook may take beyond Vitest's defaults (vite.config.ts: 5 s a test, 10 s a hook), each
 * named for what needs it: `it(name, { timeout: budgets.… }, …)`, or the budget as a hook's last argument.
 * Node's tests import it as #testing/test-budgets, the browser's as @/testing/test-budgets.
 */
export const budgets = {
  /** Password hashes (scrypt) by the dozen: sign-ins counted against their limits, accounts changed. */
  passwordHashes: 30_000,
  /** Consoles, sandboxes or the accounts CLI in child processes, each compiling its TypeScript as it starts. */
  childProcesses: 30_000,
  /** A console started in process over the demo week, then upgrading or syncing it while it answers. */
  demoConsole: 30_000,
  /** The dashboard built with Vite. */
  dashboardBuild: 120_000,
  /** The demo week, or thousands of records, written through the index and read back. */
  largeIndex: 60_000,
  /** Generated histories (fast-check), each played through a whole index. */
  propertyRuns: 180_000,
  /** A form filled field by field in jsdom, sent, and its answers placed. */
  formByHand: 15_000,
  /** One benchmark's short mode: it may build the dashboard or fill an index before it measures. */
  benchmarkShortRun: 180_000,
} as const;
