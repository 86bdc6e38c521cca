/**
 * Time a journey may take beyond the defaults (playwright.config.ts: 15 s a test, 10 s an expectation), each
 * named for what needs it: `test.setTimeout(budgets.…)`, or `{ timeout: budgets.… }` on one expectation.
 */
export const budgets = {
  /** A worker's console: the server starting and seeding the demo week in its embedded sandbox. */
  consoleStart: 60_000,
  /** A sweep: a page reached, then two axe scans and two full-page screenshots (four of each on a phone too). */
  sweep: 60_000,
  /** The console's next sync of an upstream (every 10 s at the shortest), and the live event it sends. */
  nextSync: 30_000,
  /** The sandbox's webhook delivery of a change, seen on the Sync page. */
  webhookDelivery: 20_000,
  /**
   * A console's first heavy task (a dry run, a packet): a worker thread started, its TypeScript loaded,
   * on a machine the other worker's journeys keep busy.
   */
  firstHeavyTask: 20_000,
  /** A journey that signs in, each sign-in a password hashed on the server, and tours a role's pages. */
  signedInTour: 45_000,
  /** A form filled, refused and filled again, or followed to the record it made and on to another page. */
  formJourney: 45_000,
  /** An order list filtered, paged forward and back and sorted: a dozen pages drawn and read. */
  pagesOfAList: 60_000,
  /** One order from its form through a correction, a refused save and the warehouse's pick and ship. */
  orderLifeCycle: 60_000,
  /** One return from its form through its receipt to the Returns list. */
  returnLifeCycle: 60_000,
  /** Every work queue of the start page counted, then each opened as its list. */
  queuesAgainstTheirLists: 90_000,
  /** A warehouse stopped and started again under an open console: a sync or two each way. */
  warehouseOutage: 120_000,
  /** Every page of the console opened at a phone's width. */
  everyPageOnAPhone: 120_000,
  /** Every finished order, receive and return of the demo opened and read (about 130 pages). */
  everyFinishedRecord: 300_000,
} as const;
