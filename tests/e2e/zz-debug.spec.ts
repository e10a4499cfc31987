import { test } from '@playwright/test';
import { PHONE, seedLongContent, signedInContext } from './support/long-content.ts';
test('debug', async ({ browser, baseURL, request }) => {
  test.setTimeout(300_000);
  const d = await seedLongContent(request);
  const ctx = await signedInContext(browser, PHONE, d.member.name, d.member.password, baseURL!);
  const page = await ctx.newPage();
  for (const p of (process.env.PAGES ?? '/member/profile').split(',')) {
    await page.goto(p);
    await page.waitForLoadState('networkidle');
    console.log(p, await page.evaluate(() => [...document.body.querySelectorAll('*')].filter((e) => e.getBoundingClientRect().right > innerWidth + 1).map((e) => `${e.tagName}.${String(e.className).slice(0, 70)} ${Math.round(e.getBoundingClientRect().right)} "${(e.textContent ?? '').slice(0, 30)}"`).join('\n')));
    await page.screenshot({ path: `/tmp/dbg-${p.replace(/\W/g, '_')}.png` });
  }
});
