import { readFileSync } from 'node:fs';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import {
  collectConsoleErrors,
  DESKTOP,
  PHONE,
  seedLongContent,
  signedInContext,
  type LongContent,
} from './support/long-content.ts';
import { MEMBER_PATHS } from '../../src/domain/urls.ts';
import { adminToken, unique } from './support/api.ts';
import { createCategory } from './support/documents.ts';
import { onTabs } from './support/tabs.ts';

/**
 * Every page kind (issue 29 items 1 and 4), with a 64-character title, a 32-character VIP member and
 * six-digit balances: no page is wider than a 390 px phone, and the site's own pages load with an
 * empty console, for a visitor and for a member, on a phone and on a desktop.
 */
test.describe.configure({ mode: 'serial', timeout: 240_000 });

let data: LongContent;
let emptyCategory = '';

test.beforeAll(async ({ request }) => {
  test.setTimeout(300_000);
  emptyCategory = unique('空分类');
  await createCategory(request, await adminToken(request), emptyCategory);
  data = await seedLongContent(request);
});

const publicPages = (d: LongContent) => [
  '/',
  '/library',
  `/library/${d.categoryId}`,
  `/library/${d.categoryId}/${d.doc.uuid}`,
  '/article',
  d.article.url,
  `/search?wd=${encodeURIComponent('思想政治')}`,
  `/user/${d.member.id}`,
  '/vip',
  '/feedback',
  '/auth/login',
  '/auth/register',
  '/auth/forgot',
];

const memberPages = (d: LongContent) => [
  '/',
  `/library/${d.categoryId}/${d.doc.uuid}`,
  `/user/${d.member.id}`,
  '/vip',
  `/vip/checkout?order_no=${d.orderNo}`,
  ...Object.values(MEMBER_PATHS),
  '/upload',
];

/** Loads a page and lets its scripts and data settle (no request in flight). */
async function open(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('body')).toBeVisible();
}

/** How far the page reaches past the viewport's right edge, and the widest element that does. */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const width = innerWidth;
    const scrolled = document.scrollingElement!.scrollWidth;
    const wide: string[] = [];
    for (const el of document.body.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (r.right > width + 1 && r.width > 0 && getComputedStyle(el).position !== 'fixed') {
        wide.push(`${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} right=${Math.round(r.right)}`);
      }
    }
    // the outermost and the innermost element that reach past the edge
    return { width, scrolled, culprit: [wide[0], wide.at(-1)].join(' … ') };
  });

async function walk(context: BrowserContext, paths: string[], checkWidth: boolean) {
  const problems: string[] = [];
  await onTabs(context, paths, collectConsoleErrors, async (page, path, errors) => {
    errors.length = 0;
    await open(page, path);
    if (checkWidth) {
      const o = await overflow(page);
      if (o.scrolled > o.width) problems.push(`${path}: ${o.scrolled}px wide (${o.culprit})`);
    }
    problems.push(...errors.map((e) => `${path}: console ${e}`));
  });
  return problems;
}

for (const [name, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test(`${name}: a visitor's pages fit the screen and log nothing`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ viewport, baseURL, locale: 'zh-CN' });
    expect(await walk(context, publicPages(data), name === 'phone')).toEqual([]);
    await context.close();
  });

  test(`${name}: a VIP member's pages fit the screen and log nothing; the menu button stays on screen`, async ({
    browser,
    baseURL,
  }) => {
    const context = await signedInContext(browser, viewport, data.member.name, data.member.password, baseURL!);
    expect(await walk(context, memberPages(data), name === 'phone')).toEqual([]);
    if (name === 'phone') {
      const page = await context.newPage();
      await open(page, '/member');
      await expect(page.getByTestId('vip-badge').or(page.locator('[data-vip-badge]')).first()).toBeVisible();
      const menu = (await page.getByLabel('菜单', { exact: true }).boundingBox())!;
      expect(menu.x + menu.width).toBeLessThanOrEqual(PHONE.width);
      await page.close();
    }
    await context.close();
  });
}

test('home (desktop): no card for a category without documents, nothing blank beside 欢迎您', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await open(page, '/');
  const cards = page.getByRole('region', { name: '文档分类' });
  await expect(cards).toContainText('高等教育考试资料汇编');
  await expect(cards).not.toContainText(emptyCategory);
  await expect(page.getByTestId('home-empty')).toHaveCount(0);
  // without recommended documents, the main column's first section starts level with the user card
  const user = (await page.getByTestId('home-user-card').boundingBox())!;
  const first = (await cards.boundingBox())!;
  expect(Math.abs(first.y - user.y)).toBeLessThan(4);
  expect(first.x + first.width).toBeLessThan(user.x);
});

test('phone: the upload page with chosen files fits the screen, each title input wide enough to read', async ({
  browser,
  baseURL,
}) => {
  const context = await signedInContext(browser, PHONE, data.member.name, data.member.password, baseURL!);
  const page = await context.newPage();
  await open(page, '/upload');
  const docx = readFileSync('tests/fixtures/chinese.docx');
  await page.getByTestId('upload-input').setInputFiles([
    { name: '二〇二四年度部门工作总结与下一年度计划.docx', mimeType: 'application/octet-stream', buffer: docx },
    { name: 'notes.docx', mimeType: 'application/octet-stream', buffer: docx },
  ]);
  const titles = page.getByLabel('文档标题');
  await expect(titles).toHaveCount(2);
  for (const title of await titles.all()) expect((await title.boundingBox())!.width).toBeGreaterThanOrEqual(120);
  const o = await overflow(page);
  expect(o.scrolled, o.culprit).toBeLessThanOrEqual(o.width);
  // the price's unit stays inside the list of files
  const list = (await page.getByTestId('upload-files').boundingBox())!;
  const price = (await page.getByTestId('upload-price-group').first().boundingBox())!;
  expect(price.x + price.width).toBeLessThanOrEqual(list.x + list.width);
  await context.close();
});
