import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from '../../playwright.config.ts';
import { adminToken, apiCall, unique } from './support/api.ts';
import { createCategory } from './support/documents.ts';

/** Issue 30: a document whose conversion failed tells the admin why on its page, not "0 页". */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const REASON = 'PDF 文件已损坏，无法读取';

async function loginAdmin(page: Page, redirect: string) {
  await page.goto(`/auth/login?redirect=${encodeURIComponent(redirect)}`);
  await page.getByTestId('login-username').fill('admin');
  await page.getByTestId('login-password').fill(E2E_ADMIN_PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((u) => u.pathname === new URL(redirect, 'http://x').pathname);
}

for (const viewport of [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`a failed document's page shows the reason (${viewport.name})`, async ({ browser, request }) => {
    const admin = await adminToken(request);
    const categoryId = await createCategory(request, admin, unique('失败文档'));
    const upload = await request.post('/api/v1/upload/document', {
      headers: { authorization: `Bearer ${admin}` },
      multipart: {
        file: { name: '损坏.pdf', mimeType: 'application/pdf', buffer: readFileSync('tests/fixtures/corrupt.pdf') },
      },
    });
    expect(upload.status()).toBe(200);
    const created = await apiCall<{ document: Array<{ id: number; uuid: string }> }>(request, admin, 'POST', '/document', {
      category_id: [categoryId],
      document: [{ title: unique('损坏的文档'), attachment_id: (await upload.json()).data.id, price: 0 }],
    });
    const doc = created.document[0]!;
    await expect
      .poll(async () => (await apiCall<{ status?: number }>(request, admin, 'GET', `/document?id=${doc.id}`)).status, {
        timeout: 120_000,
      })
      .toBe(3);

    const page = await browser.newPage({ viewport });
    const url = `/library/fallback?uuid=${doc.uuid}`;
    await loginAdmin(page, url);
    await expect(page.locator('[data-convert-error]')).toHaveText(`失败原因：${REASON}`);
    await expect(page.locator('[data-doc-meta]')).toContainText('转换失败');
    await expect(page.locator('[data-doc-meta]')).not.toContainText('0 页');
    await expect(page.getByText('文档转换失败，无法在线预览')).toBeVisible();
    await page.close();
  });
}

test('the upload form offers only the formats this server converts', async ({ browser, request }) => {
  const settings = await (await request.get('/api/v1/settings')).json();
  const convertible: string[] = settings.security.convertible_ext;
  expect(convertible).toEqual(expect.arrayContaining(['.pdf', '.docx', '.txt']));
  expect(convertible).not.toContain('.chm');
  const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  await loginAdmin(page, '/upload');
  await expect(page.getByTestId('upload-input')).toHaveAttribute('accept', convertible.join(','));
  await page.close();
});
