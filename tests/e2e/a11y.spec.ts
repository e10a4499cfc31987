import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './support/axe.ts';
import { DESKTOP, PHONE, seedLongContent, type LongContent } from './support/long-content.ts';
import { onTabs } from './support/tabs.ts';

/**
 * Accessibility of the public pages (issue 29 item 19): axe-core finds no WCAG 2 A/AA violation
 * (colour contrast included) on the home, library, document, article and search pages, on a desktop
 * and on a phone (member and admin pages: a11y-signed-in.spec.ts); a skip link leads to the content; every control shows where the keyboard is.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

let data: LongContent;

test.beforeAll(async ({ request }) => {
  test.setTimeout(300_000);
  data = await seedLongContent(request);
});

const pages = (d: LongContent) => [
  '/',
  '/library',
  `/library/${d.categoryId}`,
  `/library/${d.categoryId}/${d.doc.uuid}`,
  '/article',
  d.article.url,
  `/search?wd=${encodeURIComponent('思想政治')}`,
];

for (const [name, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test(`${name}: no WCAG 2 A/AA violations on the public pages`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ viewport, baseURL, locale: 'zh-CN' });
    const found: string[] = [];
    await onTabs(
      context,
      pages(data),
      () => undefined,
      async (page, path) => {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        found.push(...(await axeViolations(page)).map((v) => `${path}: ${v}`));
      },
    );
    await context.close();
    expect(found).toEqual([]);
  });
}

/** The focused element's outline as the keyboard user sees it: style, width, and what it is. */
const focusRing = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const s = getComputedStyle(el);
    return {
      what: `${el.tagName.toLowerCase()} ${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 20) ?? ''}`,
      visible: s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2,
    };
  });

test('keyboard: the first Tab offers 跳到主要内容, which moves focus to the content; every stop shows a focus ring', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: '跳到主要内容' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main-content')).toBeFocused();

  // the hero search and the first thirty stops after it: each one visibly focused
  const search = page
    .getByRole('main')
    .getByRole('searchbox', { name: '搜索关键词' })
    .or(page.getByRole('main').getByLabel('搜索关键词'));
  await search.first().focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  expect(await focusRing(page)).toMatchObject({ visible: true });
  const missing: string[] = [];
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press('Tab');
    const ring = await focusRing(page);
    // past the last stop the focus leaves the page for a moment (the body)
    if (!ring.visible && !ring.what.startsWith('body')) missing.push(ring.what);
  }
  expect(missing).toEqual([]);
});
