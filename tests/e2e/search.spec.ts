import { expect, test } from '@playwright/test';
import { adminToken, unique } from './support/api.ts';
import { createCategory, publishFixture } from './support/documents.ts';

test('a visitor searches from the header, filters to PDF and opens a hit on its page', async ({ page, request }) => {
  test.setTimeout(120_000);
  const admin = await adminToken(request);
  const cat = await createCategory(request, admin, unique('物理'));
  const doc = await publishFixture(request, admin, 'tests/fixtures/chinese-8pages.pdf', unique('实验合集'), cat);

  // the home page has its own big search box; the header one is on every other page
  await page.goto('/library');
  const box = page.locator('header').getByRole('searchbox');
  await box.fill('量子 纠缠');
  await box.press('Enter');
  await page.waitForURL(/\/search\?/);
  expect(new URL(page.url()).searchParams.get('wd')).toBe('量子 纠缠');

  // the index catches up within seconds of the conversion
  await expect.poll(async () => {
    await page.reload();
    return page.locator(`[data-testid="search-result"] a[href*="${doc.uuid}"]`).count();
  }, { timeout: 60_000, intervals: [2000] }).toBeGreaterThan(0);
  await expect(page.getByTestId('search-spend')).toContainText('本次搜索耗时');

  await page.getByTestId('search-filter-ext-pdf').click();
  await expect(page).toHaveURL(/ext=pdf/);
  const result = page.getByTestId('search-result').filter({ has: page.locator(`a[href*="${doc.uuid}"]`) });
  await expect(result).toHaveCount(1);
  await expect(result.locator('em').first()).toBeVisible();
  const hit = result.getByTestId('search-hit-page').filter({ hasText: '7' });
  await hit.first().click();
  await page.waitForURL(new RegExp(`${doc.uuid}.*#page=7`));
  await expect(page.locator('img[data-page="7"]')).toBeInViewport({ timeout: 20_000 });
});
