import { test } from '@playwright/test';
import { DESKTOP, PHONE, seedLongContent } from './support/long-content.ts';
import { adminToken } from './support/api.ts';
import { createCategory } from './support/documents.ts';
test('debug', async ({ browser, baseURL, request }) => {
  test.setTimeout(300_000);
  const admin = await adminToken(request);
  await createCategory(request, admin, '空分类');
  await seedLongContent(request);
  for (const [n, vp] of [
    ['d', DESKTOP],
    ['p', PHONE],
  ] as const) {
    const ctx = await browser.newContext({ viewport: vp, baseURL });
    const page = await ctx.newPage();
    for (const p of (process.env.PAGES ?? '/').split(',')) {
      await page.goto(p);
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: `/tmp/dbg-${n}-${p.replace(/\W/g, '_')}.png`, fullPage: true });
    }
    await ctx.close();
  }
});
