import { expect, test } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from '../../playwright.config.ts';
import { adminToken, apiCall, registerMember, unique } from './support/api.ts';
import { createCategory, publishFixture } from './support/documents.ts';
import { DESKTOP, PHONE, signedInContext } from './support/long-content.ts';

/**
 * The managing bar of the document page (screens §5.3): its uploader edits the document in 我的上传 (the edit
 * dialog opens for it) and deletes it from the page; an admin recommends it there; visitors see no bar, and
 * the uploader's card with his latest other uploads.
 */
test('the uploader edits and deletes his document from its page; an admin recommends it there; visitors see nothing', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const admin = await adminToken(request);
  const cat = await createCategory(request, admin, unique('管理栏'));
  const owner = { name: unique('uploader'), password: 'uploader-pass-1' };
  const { token } = await registerMember(request, owner.name, owner.password);
  const title = unique('我上传的文档');
  const doc = await publishFixture(request, token, 'tests/fixtures/gbk.txt', title, cat, 0, admin);
  const address = `/library/${cat}/${doc.uuid}`;
  const guide = unique('安装指南');
  await publishFixture(request, token, 'tests/fixtures/corpus/install-latex-guide-zh-cn.txt', guide, cat, 0, admin);

  // a visitor: no bar; the uploader's card lists his other uploads
  const visitor = await browser.newPage({ baseURL });
  await visitor.goto(address);
  await expect(visitor.locator('[data-doc-title]')).toHaveText(title);
  const uploads = visitor.locator('[data-uploads]');
  await expect(uploads).toContainText('TA 的最新上传');
  await expect(uploads.getByRole('link', { name: guide })).toBeVisible();
  await expect(uploads.getByRole('link', { name: title })).toHaveCount(0);
  await expect(visitor.getByTestId('document-manage')).toBeHidden();
  await visitor.close();

  // the admin recommends it from the page: the 推荐 mark shows, the button turns into 取消推荐
  const adminContext = await signedInContext(browser, DESKTOP, 'admin', E2E_ADMIN_PASSWORD, baseURL!);
  const adminPage = await adminContext.newPage();
  await adminPage.goto(address);
  const adminBar = adminPage.getByTestId('document-manage');
  await expect(adminBar.getByTestId('document-page-delete')).toBeVisible();
  await expect(adminBar.getByTestId('document-edit-own')).toHaveCount(0);
  await expect(adminPage.locator('[data-doc-recommended]')).toBeHidden();
  await adminBar.getByRole('button', { name: '推荐文档' }).click();
  await expect(adminPage.locator('[data-doc-recommended]')).toBeVisible();
  await expect(adminBar.getByRole('button', { name: '取消推荐' })).toBeVisible();
  expect(
    (await apiCall<{ recommend_at: string | null }>(request, admin, 'GET', `/document?id=${doc.id}`)).recommend_at,
  ).toBeTruthy();
  await adminContext.close();

  // the uploader, on a phone: 编辑文档 opens the edit dialog in 我的上传; 删除文档 (confirmed) deletes it
  const context = await signedInContext(browser, PHONE, owner.name, owner.password, baseURL!);
  const page = await context.newPage();
  await page.goto(address);
  const bar = page.getByTestId('document-manage');
  await expect(bar.getByRole('button', { name: '推荐文档' })).toHaveCount(0);
  await bar.getByTestId('document-edit-own').click();
  await page.waitForURL((u) => u.pathname === '/member/documents');
  await expect(page.getByTestId('edit-document-form').getByLabel('标题')).toHaveValue(title);
  expect(new URL(page.url()).search).toBe('');
  await page.goto(address);
  page.once('dialog', (d) => void d.accept());
  await bar.getByTestId('document-page-delete').click();
  await page.waitForURL((u) => u.pathname === '/member/documents');
  expect((await request.get(`/api/v1/document?id=${doc.id}`)).status()).toBe(404);
  await context.close();
});
