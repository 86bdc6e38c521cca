import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations } from './fixtures';

type Scheme = 'light' | 'dark';

async function showScheme(page: Page, scheme: Scheme) {
  await page.emulateMedia({ colorScheme: scheme });
  await page.waitForFunction(
    (expected) => document.documentElement.getAttribute('data-mantine-color-scheme') === expected,
    scheme,
  );
  // A color mid-transition (the scheme switch, a segmented control's indicator) is no color a person
  // reads; on a loaded machine axe can catch one.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
}

async function screenshot(page: Page, name: string) {
  // From the top: a full-page shot of a scrolled page draws the fixed header halfway down.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `screenshots/${name}.png`, fullPage: true });
}

/**
 * Checks the page with axe and saves it to screenshots/<name>-light.png and -dark.png, in each scheme. The
 * console follows the system scheme until someone picks one, so emulating the media query switches it.
 */
export async function checkBothSchemes(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await showScheme(page, scheme);
    await expectNoAxeViolations(page);
    await screenshot(page, `${name}-${scheme}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Resizes the page to a phone's width and waits until nothing scrolls sideways. */
export async function expectFitsPhoneWidth(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  // The lines tables' scroll areas measure themselves again after a resize: for a moment the page is wider.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), {
      message: 'nothing scrolls sideways at 390 px',
    })
    .toBe(true);
}

/**
 * At a phone's width, where nothing may scroll sideways: screenshots/<name>-phone-light.png, with `-dark`
 * too for 'both schemes', and checked with axe in each for 'axe in both schemes'. (The record pages'
 * lines tables scroll inside an area no key reaches on a phone, a known finding: those pages are checked
 * with axe at desktop width.)
 */
export async function checkPhoneWidth(
  page: Page,
  name: string,
  what: 'light scheme' | 'both schemes' | 'axe in both schemes',
) {
  await expectFitsPhoneWidth(page);
  for (const scheme of what === 'light scheme' ? (['light'] as const) : (['light', 'dark'] as const)) {
    await showScheme(page, scheme);
    if (what === 'axe in both schemes') await expectNoAxeViolations(page);
    await screenshot(page, `${name}-phone-${scheme}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}
