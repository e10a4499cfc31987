import { chromium } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
const base = 'http://127.0.0.1:8942';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] });
const only = process.argv[2];
for (const vp of [{ width: 1366, height: 900 }, { width: 390, height: 844 }]) {
  for (const [user, pass, paths] of [
    ['umx07jnf9203WWWWWWWWWWWWWWWWWWWW', 'long-pass-1', ['/member', '/member/documents', '/member/download', '/member/favorite', '/member/comment', '/member/message', '/member/credit', '/member/order', '/member/vip', '/member/profile']],
    ['admin', 'e2e-admin-pass', ['/admin', '/admin/document/list', '/admin/config/system']],
  ] as const) {
    if (only && only !== user.slice(0, 5)) continue;
    const ctx = await browser.newContext({ viewport: vp, baseURL: base, locale: 'zh-CN' });
    const page = await ctx.newPage();
    await page.goto('/auth/login?redirect=%2Fmember');
    await page.getByTestId('login-username').fill(user);
    await page.getByTestId('login-password').fill(pass);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((u) => u.pathname.startsWith('/member'));
    for (const p of paths) {
      await page.goto(p);
      await page.waitForLoadState('networkidle');
      await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning, .ant-skeleton-active'));
      const r = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      for (const v of r.violations) console.log(vp.width, p, v.id, v.impact, v.nodes.slice(0, 4).map((n) => `${n.target.join(' ')} :: ${n.html.slice(0, 100)} :: ${n.failureSummary?.split('\n')[1] ?? ''}`).join('\n     '));
    }
    await ctx.close();
  }
}
await browser.close();
