import { expect, test, type BrowserContext } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from '../../playwright.config.ts';
import { MEMBER_PATHS } from '../../src/domain/urls.ts';
import { axeViolations } from './support/axe.ts';
import { DESKTOP, PHONE, seedLongContent, signedInContext, type LongContent } from './support/long-content.ts';
import { onTabs } from './support/tabs.ts';

/**
 * Accessibility of the signed-in pages (issue 29 item 19, the public pages are in a11y.spec.ts):
 * axe-core finds no WCAG 2 A/AA violation, colour contrast included, on the member centre of a VIP
 * member with long names and balances, and on the admin's dashboard, document list and settings —
 * on a desktop and on a phone.
 */
test.describe.configure({ mode: 'serial', timeout: 240_000 });

let data: LongContent;

test.beforeAll(async ({ request }) => {
  test.setTimeout(300_000);
  data = await seedLongContent(request);
});

const MEMBER_PAGES = Object.values(MEMBER_PATHS);
const ADMIN_PAGES = ['/admin', '/admin/document/list', '/admin/config/system'];

/**
 * antd's tab bar puts its overflow button (… for the tabs that do not fit) inside the tablist; axe wants
 * only tabs there. The button works by keyboard and is named; it is the one finding left to antd
 * (docs/ux-checks.md).
 */
const ANTD_TAB_OVERFLOW =
  /^aria-required-children \(critical\): \.ant-tabs-nav +Element has children which are not allowed: button\[aria-controls\]$/;

/** Every page once its data has arrived (no request in flight, no spinner), with what axe finds on it. */
async function check(context: BrowserContext, paths: string[]): Promise<string[]> {
  const found: string[] = [];
  await onTabs(
    context,
    paths,
    () => undefined,
    async (page, path) => {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0);
      found.push(...(await axeViolations(page)).filter((v) => !ANTD_TAB_OVERFLOW.test(v)).map((v) => `${path}: ${v}`));
    },
  );
  return found;
}

for (const [name, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test(`${name}: no WCAG 2 A/AA violations in the member centre`, async ({ browser, baseURL }) => {
    const context = await signedInContext(browser, viewport, data.member.name, data.member.password, baseURL!);
    expect(await check(context, MEMBER_PAGES)).toEqual([]);
    await context.close();
  });

  test(`${name}: no WCAG 2 A/AA violations on the admin dashboard, document list and settings`, async ({ browser, baseURL }) => {
    const context = await signedInContext(browser, viewport, 'admin', E2E_ADMIN_PASSWORD, baseURL!);
    expect(await check(context, ADMIN_PAGES)).toEqual([]);
    await context.close();
  });
}

test('green tags (已安装, 是, 审核通过) sit on the light green of the site, not the grey antd derives from its dark seed', async ({
  browser,
  baseURL,
}) => {
  const context = await signedInContext(browser, DESKTOP, 'admin', E2E_ADMIN_PASSWORD, baseURL!);
  const page = await context.newPage();
  await page.goto('/admin');
  const tag = page.locator('.ant-tag-green').first();
  await expect(tag).toBeVisible();
  // #f0fdf4 behind #0b4021: the grey it replaced was #9ca69e
  expect(await tag.evaluate((e) => getComputedStyle(e).backgroundColor)).toBe('rgb(240, 253, 244)');
  await context.close();
});
