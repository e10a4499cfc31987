import type { Page } from '@playwright/test';

/**
 * Waits until the page's finite animations have ended (an endless one, a spinner, would never end).
 * A fade still running blends text into its background for axe; a dialog still zooming in moves
 * its buttons under a click.
 */
export async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}
