import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from '../../playwright.config.ts';

async function loginThroughUi(page: Page, redirect: string) {
  await page.goto(`/auth/login?redirect=${encodeURIComponent(redirect)}`);
  await page.getByTestId('login-username').fill('admin');
  await page.getByTestId('login-password').fill(E2E_ADMIN_PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => url.pathname.startsWith(redirect));
}

test('系统设置 → 备份: 立即备份, the archive listed with its size, downloaded, and the result on the dashboard', async ({
  page,
}) => {
  await loginThroughUi(page, '/admin/config/backup');
  const panel = page.getByTestId('backup-panel');
  await expect(panel).toBeVisible();
  await expect(page.getByTestId('config-backup-time')).toHaveValue(/^\d{2}:\d{2}$/);

  // the day's scheduled backup may be running (a fresh server catches up on it): wait until it ends
  await expect(page.getByTestId('backup-now')).toHaveText('立即备份', { timeout: 30_000 });
  await page.getByTestId('backup-now').click();
  const row = panel.locator('tr', { hasText: /wenku-backup-\d{8}-\d{6}\.tar/ }).first();
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(row).toContainText(/\d+(\.\d+)? (KB|MB)/);
  await expect(panel.getByTestId('backup-last-ok')).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: '下载' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^wenku-backup-\d{8}-\d{6}\.tar$/);

  await page.goto('/admin/dashboard');
  await expect(page.getByTestId('backup-card').getByTestId('backup-last-ok')).toContainText('最近一次手动备份成功');

  // a phone: the panel and its actions stay usable
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/config/backup');
  await expect(page.getByTestId('backup-now')).toBeInViewport();
});
