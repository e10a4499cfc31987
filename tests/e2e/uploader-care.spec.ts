import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminToken, apiCall, registerMember, setConfigs, unique } from './support/api.ts';
import { createCategory, publishFixture } from './support/documents.ts';

/**
 * Issue 29 for uploaders and readers: the edit dialog says when an edit goes back to review, a
 * failed conversion is told in plain words and fixed by 替换文件, one download button on a free
 * document, live counters, and the upload page's hint, titles and per-file categories.
 */
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const PASSWORD = 'care-pass-1';
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
let admin = '';
let categoryId = 0;
let categoryTitle = '';

async function login(page: Page, username: string, redirect: string) {
  await page.evaluate(() => localStorage.clear()).catch(() => undefined);
  await page.goto(`/auth/login?redirect=${encodeURIComponent(redirect)}`);
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((u) => u.pathname === redirect.split('?')[0]);
}

/** Uploads a fixture as the member and publishes it (his group reviews: the admin approves it). */
async function memberPublish(request: APIRequestContext, token: string, fixture: string, title: string, price = 0) {
  const res = await request.post('/api/v1/upload/document', {
    headers: { authorization: `Bearer ${token}` },
    multipart: { file: { name: 'a.pdf', mimeType: 'application/pdf', buffer: readFileSync(fixture) } },
  });
  const attachment_id = (await res.json()).data.id as number;
  const created = await apiCall<{ document: Array<{ id: number; uuid: string }> }>(request, token, 'POST', '/document', {
    category_id: [categoryId],
    document: [{ title, attachment_id, price }],
  });
  const doc = created.document[0]!;
  await apiCall(request, admin, 'PUT', '/document/check', { id: [doc.id], status: 0 });
  return doc;
}

const statusOf = async (request: APIRequestContext, id: number) =>
  (await apiCall<{ status?: number }>(request, admin, 'GET', `/document?id=${id}`)).status ?? 0;

test.beforeAll(async ({ request }) => {
  admin = await adminToken(request);
  categoryTitle = unique('上传者');
  categoryId = await createCategory(request, admin, categoryTitle);
});

test('the edit dialog warns of review only for what review covers, and edits keywords and VIP (phone)', async ({
  page,
  request,
}) => {
  await setConfigs(request, admin, 'vip', { enable: 'true' });
  const name = unique('care');
  const m = await registerMember(request, name, PASSWORD);
  const title = unique('审核提示');
  const doc = await memberPublish(request, m.token, 'tests/fixtures/chinese-8pages.pdf', title);
  await expect.poll(() => statusOf(request, doc.id), { timeout: 120_000 }).toBe(2);

  await page.setViewportSize(PHONE);
  await login(page, name, '/member/documents');
  const list = page.getByTestId('member-documents');
  await list.getByTestId('document-edit').click();
  const form = page.getByTestId('edit-document-form');
  const note = page.getByTestId('edit-document-review-note');
  // a free document cannot be VIP; a price makes it possible, and neither needs review
  await expect(form.getByTestId('edit-document-vip')).toBeDisabled();
  await form.getByLabel(/价格/).fill('3');
  await form.getByTestId('edit-document-vip').check();
  await expect(note).toBeHidden();
  const keywords = await form.getByTestId('edit-document-keywords').inputValue();
  await form.getByTestId('edit-document-keywords').fill('讲义,考研');
  await expect(note).toBeVisible();
  await expect(note).toContainText('需要重新审核');
  await expect(page.getByRole('button', { name: '保存并提交审核' })).toBeVisible();
  await form.getByTestId('edit-document-keywords').fill(keywords);
  await expect(note).toBeHidden();
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByTestId('edit-document-form')).toBeHidden();
  await expect(list.getByRole('row', { name: new RegExp(title) })).toContainText('已转换');
  const saved = await apiCall<{ price: number; is_vip?: boolean; status: number }>(
    request,
    admin,
    'GET',
    `/document?id=${doc.id}`,
  );
  expect(saved).toMatchObject({ price: 3, is_vip: true, status: 2 });
});

test('a failed conversion is told in plain words; 替换文件 keeps the document and converts the new file', async ({
  page,
  request,
}) => {
  const name = unique('fail');
  const m = await registerMember(request, name, PASSWORD);
  const title = unique('损坏的文件');
  const doc = await memberPublish(request, m.token, 'tests/fixtures/corrupt.pdf', title);
  await expect.poll(() => statusOf(request, doc.id), { timeout: 120_000 }).toBe(3);

  await page.setViewportSize(DESKTOP);
  await login(page, name, '/member/documents');
  const row = page.getByTestId('member-documents').getByRole('row', { name: new RegExp(title) });
  await expect(row.locator('[data-convert-error]')).toContainText('文件可能已损坏');
  // every column fits the member area on a desktop: nothing to scroll sideways for
  const table = page.getByTestId('member-documents').locator('.ant-table-content');
  expect(await table.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  await expect(row.locator('[data-convert-error]')).not.toContainText('PDF 文件已损坏，无法读取');
  await row.getByTestId('document-replace-input').setInputFiles('tests/fixtures/chinese-8pages.pdf');
  await expect(page.getByText('文件已替换，正在重新转换')).toBeVisible();
  await expect(row).not.toContainText('文件可能已损坏');
  await expect.poll(() => statusOf(request, doc.id), { timeout: 120_000 }).toBe(6); // his group reviews new files
  const admins = await apiCall<{ convert_error?: string; title: string }>(request, admin, 'GET', `/document?id=${doc.id}`);
  expect(admins.title).toBe(title);

  await page.goto('/member/message');
  const notice = page.getByTestId('notice').filter({ hasText: title }).filter({ hasText: '未能转换' });
  await expect(notice).toContainText('未能转换为在线预览');
  await expect(notice.getByTestId('notice-convert')).toContainText('替换文件');
  await expect(notice.getByRole('link', { name: '去我的上传替换文件' })).toHaveAttribute('href', '/member/documents');
});

test('a free document shows one download button and no VIP badge; a paid VIP one offers VIP下载; counters are live', async ({
  page,
  request,
}) => {
  await setConfigs(request, admin, 'vip', { enable: 'true' });
  await setConfigs(request, admin, 'display', { show_document_view_count: 'true', show_document_download_count: 'true' });
  const free = await publishFixture(request, admin, 'tests/fixtures/chinese-8pages.pdf', unique('免费资料'), categoryId);
  const paid = await publishFixture(request, admin, 'tests/fixtures/chinese.docx', unique('付费资料'), categoryId, 5);
  await apiCall(request, admin, 'PUT', '/document/vip', { document_id: [paid.id], is_vip: true });

  const name = unique('reader');
  await registerMember(request, name, PASSWORD);
  await page.setViewportSize(DESKTOP);
  await login(page, name, '/');
  await page.goto(`/library/fallback?uuid=${free.uuid}`);
  const meta = page.locator('[data-doc-meta]');
  await expect(meta).toContainText('下载 0');
  await expect(page.locator('[data-vip-doc]')).toHaveCount(0);
  await expect(page.getByTestId('doc-vip-download')).toHaveCount(0);
  await expect(page.getByTestId('doc-download')).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByTestId('doc-download').click();
  await download;
  // the counters read live: the download shows at once, and after a reload
  await expect(meta).toContainText('下载 1');
  await page.reload();
  await expect(meta).toContainText('下载 1');
  // one view per reader and document in 30 minutes: the reload is not a second view
  await expect(meta).toContainText('浏览 1');

  await page.goto(`/library/fallback?uuid=${paid.uuid}`);
  await expect(page.locator('[data-vip-doc]').first()).toHaveText('VIP特享');
  await expect(page.getByTestId('doc-vip-download')).toBeVisible();
});

test('the upload page names common formats, suggests clean titles and takes a category per file', async ({ page, request }) => {
  const name = unique('up');
  const m = await registerMember(request, name, PASSWORD);
  const otherTitle = unique('另一分类');
  const otherId = await createCategory(request, admin, otherTitle);
  await page.setViewportSize(DESKTOP);
  await login(page, name, '/upload');
  await expect(page.getByTestId('upload-format-hint')).toContainText('支持 PDF、Word、PPT、Excel、TXT');
  const pdf = readFileSync('tests/fixtures/chinese-8pages.pdf');
  await page.getByTestId('upload-input').setInputFiles([
    { name: '机器学习_课程讲义_20230501.pdf', mimeType: 'application/pdf', buffer: pdf },
    {
      name: '会议纪要-2024-03-12 (1).docx',
      mimeType: 'application/octet-stream',
      buffer: readFileSync('tests/fixtures/chinese.docx'),
    },
  ]);
  const titles = page.getByLabel('文档标题');
  await expect(titles.nth(0)).toHaveValue('机器学习 课程讲义');
  await expect(titles.nth(1)).toHaveValue('会议纪要');
  // the batch's category, picked again if the click was lost (the full suite once left it empty)
  const batchCategory = page.getByTestId('upload-category');
  await expect(async () => {
    await batchCategory.locator('.ant-select').first().click();
    await page.locator('.ant-cascader-menu-item').filter({ hasText: categoryTitle }).first().click();
    await expect(batchCategory).toContainText(categoryTitle, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await page.getByTestId('upload-file-category').nth(1).locator('.ant-select').click();
  await page.locator('.ant-cascader-menu-item').filter({ hasText: otherTitle }).last().click();
  await page.keyboard.press('Escape');
  await page.getByTestId('upload-submit').click();
  await expect(page.getByTestId('upload-status').first()).toBeVisible({ timeout: 60_000 });
  const mine = await apiCall<{ document: Array<{ title: string; category_id: number[] }> }>(
    request,
    m.token,
    'GET',
    `/document/list?user_id=${m.id}&size=10`,
  );
  const byTitle = new Map(mine.document.map((d) => [d.title, d.category_id]));
  expect(byTitle.get('机器学习 课程讲义')).toEqual([categoryId]);
  expect(byTitle.get('会议纪要')).toEqual([otherId]);
});

test('with the comment captcha on, visitors solve it and signed-in members comment without one', async ({ page, request }) => {
  const name = unique('cap');
  await registerMember(request, name, PASSWORD);
  const doc = await publishFixture(request, admin, 'tests/fixtures/chinese-8pages.pdf', unique('评论验证码'), categoryId);
  await setConfigs(request, admin, 'security', { enable_captcha_comment: 'true' });
  try {
    await page.setViewportSize(DESKTOP);
    // a visitor's message form asks for it (once the new setting reached the page)
    await expect
      .poll(
        async () => {
          await page.goto('/feedback');
          await page.getByTestId('feedback-captcha').waitFor({ state: 'attached' });
          return page.getByTestId('feedback-captcha').isVisible();
        },
        { timeout: 60_000, intervals: [1000] },
      )
      .toBe(true);
    await login(page, name, '/');
    await page.goto(`/library/fallback?uuid=${doc.uuid}`);
    await page.locator('[data-document-comments]').scrollIntoViewIfNeeded(); // comments load when seen
    await page.getByTestId('comment-input').fill('会员评论不需要验证码', { timeout: 30_000 });
    await expect(page.getByTestId('comment-captcha')).toBeHidden();
    await page.getByTestId('comment-submit').click();
    await expect(page.getByText(/评论成功|审核/).first()).toBeVisible();
  } finally {
    await setConfigs(request, admin, 'security', { enable_captcha_comment: 'false' });
  }
});
