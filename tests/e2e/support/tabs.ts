import type { BrowserContext, Page } from '@playwright/test';

/**
 * Visits every path on a few tabs of one browser context at once, each tab taking the next path
 * when it is done with its last: most of a page check is waiting for the page's requests to go
 * quiet, which tabs side by side wait for together. `start` sets a tab up once (listeners).
 */
export async function onTabs<T>(
  context: BrowserContext,
  paths: readonly string[],
  start: (page: Page) => T | Promise<T>,
  visit: (page: Page, path: string, tab: T) => Promise<void>,
  tabs = 3,
): Promise<void> {
  const queue = [...paths];
  const tab = async () => {
    const page = await context.newPage();
    const state = await start(page);
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) await visit(page, path, state);
    await page.close();
  };
  await Promise.all(Array.from({ length: tabs }, tab));
}
