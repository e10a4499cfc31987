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
  await expect
    .poll(
      async () => {
        await page.reload();
        return page.locator(`[data-testid="search-result"] a[href*="${doc.uuid}"]`).count();
      },
      { timeout: 60_000, intervals: [2000] },
    )
    .toBeGreaterThan(0);
  await expect(page.getByTestId('search-spend')).toContainText('本次搜索耗时');

  await page.getByTestId('search-filter-ext-pdf').click();
  await expect(page).toHaveURL(/ext=pdf/);
  // the filtered answer replaces the list: a click before that could land on a row that moves
  await expect(page.locator('[data-search-page]')).toHaveAttribute('aria-busy', 'false');
  const result = page.getByTestId('search-result').filter({ has: page.locator(`a[href*="${doc.uuid}"]`) });
  await expect(result).toHaveCount(1);
  await expect(result.locator('em').first()).toBeVisible();
  const hit = result.getByTestId('search-hit-page').filter({ hasText: '7' });
  await hit.first().click();
  await page.waitForURL(new RegExp(`${doc.uuid}.*#page=7`));
  await expect(page.locator('img[data-page="7"]')).toBeInViewport({ timeout: 20_000 });
});

test('a search that finds nothing offers searches that do, and recommended documents', async ({ page, request }) => {
  test.setTimeout(120_000);
  const admin = await adminToken(request);
  const cat = await createCategory(request, admin, unique('天文'));
  const title = unique('星图手册');
  const doc = await publishFixture(request, admin, 'tests/fixtures/chinese-8pages.pdf', title, cat);

  // the title alone finds the document; with a word nothing holds, nothing is found
  await page.goto(`/search?wd=${encodeURIComponent(`${title} 不存在的词qzx`)}`);
  const empty = page.getByTestId('search-empty');
  await expect
    .poll(
      async () => {
        await page.reload();
        return empty.getByTestId('search-related-searches').getByRole('link', { name: title }).count();
      },
      { timeout: 60_000, intervals: [2000] },
    )
    .toBeGreaterThan(0);
  await expect(empty).toContainText('没有找到');
  await expect(empty.getByTestId('search-recommend')).toContainText('为您推荐的文档');
  await expect(empty.getByTestId('search-recommend').getByTestId('search-result').first()).toBeVisible();

  await empty.getByTestId('search-related-searches').getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`wd=${encodeURIComponent(title)}`));
  await expect(page.locator(`[data-testid="search-result"] a[href*="${doc.uuid}"]`).first()).toBeVisible();
});

test('a search of two words, one of which no document holds, shows the near matches and the word they lack', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await adminToken(request);
  const cat = await createCategory(request, admin, unique('考试'));
  const title = unique('思想政治理论真题');
  const doc = await publishFixture(request, admin, 'tests/fixtures/chinese-8pages.pdf', title, cat);
  // the title's unique tail (letters and digits) is a word of its own; no document holds 考研 with it
  const tail = title.slice('思想政治理论真题'.length);

  await page.goto(`/search?wd=${encodeURIComponent(`考研 ${tail}`)}`);
  const result = page.getByTestId('search-result').filter({ has: page.locator(`a[href*="${doc.uuid}"]`) });
  await expect
    .poll(
      async () => {
        await page.reload();
        return result.count();
      },
      { timeout: 60_000, intervals: [2000] },
    )
    .toBe(1);
  await expect(page.getByTestId('search-partial-note')).toContainText('没有同时包含全部关键词的结果');
  await expect(result.getByTestId('search-missing')).toHaveText('缺少：考研');
  await expect(page.getByTestId('search-empty')).toHaveCount(0);
});
