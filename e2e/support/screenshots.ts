import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations } from './fixtures';

/**
 * Checks the page with axe and saves it to screenshots/<name>-light.png and -dark.png, in each scheme. The
 * console follows the system scheme until someone picks one, so emulating the media query switches it.
 */
export async function checkBothSchemes(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
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
    await expectNoAxeViolations(page);
    // From the top: a full-page shot of a scrolled page draws the fixed header halfway down.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `screenshots/${name}-${scheme}.png`, fullPage: true });
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
