import { expect, test, type APIRequestContext } from '@playwright/test';
import { adminToken, apiCall, registerMember, unique } from './support/api.ts';
import { createCategory } from './support/documents.ts';
import { E2E_ADMIN_PASSWORD } from '../../playwright.config.ts';
import { DESKTOP, PHONE, signedInContext } from './support/long-content.ts';
import { fillSignIn, signInAt } from './support/sign-in.ts';

/**
 * 发布文章 /post and 我的文章 /member/articles (screens §5.9, §6): a member writes an article from the
 * article list, finds it in the member centre, edits it and deletes it; a member barred from articles
 * is told so with the reason.
 */
test('a member publishes an article from /article, edits it from 我的文章, is told of a rejection and deletes articles', async ({
  page,
  request,
}) => {
  const admin = await adminToken(request);
  const catTitle = unique('会员文章');
  const cat = await createCategory(request, admin, catTitle, 1);
  const writer = { name: unique('writer'), password: 'writer-pass-1' };
  const { token } = await registerMember(request, writer.name, writer.password);
  const title = unique('我的第一篇文章');

  // 发布文章 on the article list asks a visitor to sign in and comes back to the form
  await page.goto('/article');
  await page.getByTestId('article-post').click();
  await page.waitForURL(/\/auth\/login\?redirect=/);
  await fillSignIn(page, writer);
  await page.waitForURL((u) => u.pathname === '/post');

  // the category is required
  await page.getByTestId('article-title').fill(title);
  await page.getByTestId('article-editor').click();
  await page.keyboard.type('会员自己写的文章正文。');
  await page.getByTestId('post-submit').click();
  await expect(page.locator('.ant-form-item-explain-error', { hasText: '请选择文章分类' })).toBeVisible();
  await page.getByTestId('article-category').click();
  await page.locator('.ant-select-tree-title', { hasText: catTitle }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('post-submit').click();

  // the member lands on the article's page
  await page.waitForURL((u) => u.pathname.startsWith(`/article/${cat}/detail/`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(title);
  await expect(page.getByText('会员自己写的文章正文。')).toBeVisible();
  // its author sees 编辑文章 / 删除文章 there; a visitor does not
  await expect(page.getByTestId('article-edit-own')).toBeVisible();
  const articlePath = new URL(page.url()).pathname;
  const visitor = await page
    .context()
    .browser()!
    .newPage({ baseURL: new URL(page.url()).origin });
  await visitor.goto(articlePath);
  await expect(visitor.getByRole('heading', { level: 1 })).toContainText(title);
  await expect(visitor.getByTestId('article-edit-own')).toBeHidden();
  await visitor.close();

  // 我的文章 lists it as published; 编辑 opens the form with it, 更新文章 saves the new title
  await page.goto('/member/articles');
  const list = page.getByTestId('member-articles');
  const row = list.locator('tr', { hasText: title });
  await expect(row.getByText('审核通过')).toBeVisible();
  await row.getByTestId('article-edit').click();
  await page.waitForURL((u) => u.pathname === '/post' && u.search.startsWith('?identifier='));
  await expect(page.getByText('编辑中')).toBeVisible();
  await expect(page.getByTestId('article-title')).toHaveValue(title);
  await expect(page.getByTestId('article-editor')).toContainText('会员自己写的文章正文。');
  const renamed = `${title}（修订）`;
  await page.getByTestId('article-title').fill(renamed);
  await page.getByTestId('post-submit').click();
  await page.waitForURL((u) => u.pathname.startsWith(`/article/${cat}/detail/`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(renamed);

  // 删除文章 on its page (confirmed) moves it to the recycle bin and lands on 我的文章, now empty
  page.once('dialog', (d) => void d.accept());
  await page.getByTestId('article-delete-own').click();
  await page.waitForURL((u) => u.pathname === '/member/articles');
  await expect(list.getByText('您还没有发布过文章')).toBeVisible();

  // 删除 in 我的文章 (confirmed) takes an article out of the list
  const second = await apiCall<{ id: number }>(request, token, 'POST', '/article', {
    title: '第二篇',
    content: '<p>正文</p>',
    category_id: [cat],
  });
  // a rejection reaches the author in 消息通知, with the reason and the way to 我的文章
  await apiCall(request, admin, 'PUT', '/article/check', { id: [second.id], status: 2, reject_reason: '请补充参考资料' });
  await page.goto('/member/message');
  const notice = page.getByTestId('notice').filter({ hasText: '您的文章《第二篇》未通过审核' });
  await expect(notice).toContainText('原因：请补充参考资料');
  await notice.getByRole('link', { name: '去我的文章修改' }).click();
  await page.waitForURL((u) => u.pathname === '/member/articles');
  await expect(list.locator('tr', { hasText: '第二篇' })).toContainText('审核拒绝');
  await expect(list.locator('tr', { hasText: '第二篇' })).toContainText('请补充参考资料');
  await list.locator('tr', { hasText: '第二篇' }).getByTestId('article-delete').click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /确\s*定|删\s*除|OK/ })
    .click();
  await expect(list.getByText('您还没有发布过文章')).toBeVisible();

  // moredoc's /me/article lands on 我的文章
  const moved = await request.get('/me/article', { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers().location).toBe('/member/articles');
});

test('a member barred from articles is told why on /post (phone)', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const admin = await adminToken(request);
  const barred = { name: unique('barred'), password: 'barred-pass-1' };
  const { id } = await registerMember(request, barred.name, barred.password);
  await apiCall(request, admin, 'POST', '/punishment', { user_id: [id], type: [6], reason: '发布广告文章' });

  await signInAt(page, '/post', barred);
  await expect(page.getByText('你暂时无法发布文章')).toBeVisible();
  await expect(page.getByTestId('post-denied')).toHaveText('您已被禁止发布文章：发布广告文章');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

/** A new member alone in a new group whose articles wait for review (enable_article_approval). */
async function reviewedWriter(request: APIRequestContext, admin: string, prefix: string) {
  const group = await apiCall<{ id: number }>(request, admin, 'POST', '/group', {
    title: unique('待审作者'),
    enable_article: true,
    enable_article_approval: true,
  });
  const writer = { name: unique(prefix), password: `${prefix}-pass-1` };
  const { id, token } = await registerMember(request, writer.name, writer.password);
  await apiCall(request, admin, 'PUT', '/user', { id, group_id: [group.id] });
  return { ...writer, token };
}

test('a member whose group reviews articles finds the new one on its page, marked 待审核, hidden from visitors', async ({
  page,
  request,
}) => {
  const admin = await adminToken(request);
  const cat = await createCategory(request, admin, unique('待审文章'), 1);
  const writer = await reviewedWriter(request, admin, 'novice');
  const title = unique('等待审核的文章');

  await signInAt(page, '/post', writer);
  await page.getByTestId('article-title').fill(title);
  await page.getByTestId('article-editor').click();
  await page.keyboard.type('审核通过前只有作者能看到。');
  await page.getByTestId('article-category').click();
  await page.locator('.ant-select-tree-title', { hasText: '待审文章' }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('post-submit').click();

  // the author lands on its page (the shell: a pending article has no static page) and reads it there
  await page.waitForURL((u) => u.pathname.startsWith(`/article/${cat}/detail/`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('待审核');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(title);
  await expect(page.getByText('审核通过前只有作者能看到。')).toBeVisible();

  // a visitor is told it is not there
  const visitor = await page
    .context()
    .browser()!
    .newPage({ baseURL: new URL(page.url()).origin });
  await visitor.goto(new URL(page.url()).pathname);
  await expect(visitor.getByText('文章不存在或已被删除。')).toBeVisible();
  await expect(visitor.getByText('审核通过前只有作者能看到。')).toBeHidden();
  await visitor.close();

  // 我的文章 lists it as 待审核; the member card offers 发布文章 beside 上传文档, on a phone too
  await page.goto('/member/articles');
  await expect(page.getByTestId('member-articles').locator('tr', { hasText: title })).toContainText('待审核');
  await page.setViewportSize({ width: 390, height: 844 });
  const actions = page.getByTestId('member-card-actions');
  await expect(actions.getByRole('link', { name: '发布文章' })).toHaveAttribute('href', '/post');
  await expect(actions.getByRole('link', { name: '上传文档' })).toHaveAttribute('href', '/upload');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('on his own user page a member finds where to manage each list, and 编辑 beside his articles; visitors do not', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const admin = await adminToken(request);
  const cat = await createCategory(request, admin, unique('主页文章'), 1);
  const owner = { name: unique('owner'), password: 'owner-pass-1' };
  const { id, token } = await registerMember(request, owner.name, owner.password);
  const title = unique('主页上的文章');
  const article = await apiCall<{ identifier: string }>(request, token, 'POST', '/article', {
    title,
    content: '<p>正文</p>',
    category_id: [cat],
  });
  const userPage = `/user/${id}?tab=article`;

  await signInAt(page, userPage, owner);
  const bar = page.getByTestId('user-owner-bar');
  await expect(bar.getByRole('link', { name: '管理我的文章' })).toHaveAttribute('href', '/member/articles');
  await expect(bar.getByRole('link', { name: '发布文章' })).toHaveAttribute('href', '/post');
  const row = page.getByTestId('user-article').filter({ hasText: title });
  await expect(row.getByTestId('user-article-edit')).toHaveAttribute('href', `/post?identifier=${article.identifier}`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // the 文档 tab names the owner's document tools
  await page.getByTestId('user-tab-document').click();
  await expect(bar.getByRole('link', { name: '管理我的文档' })).toHaveAttribute('href', '/member/documents');

  // 编辑 opens the article in the form
  await page.getByTestId('user-tab-article').click();
  await row.getByTestId('user-article-edit').click();
  await page.waitForURL((u) => u.pathname === '/post');
  await expect(page.getByTestId('article-title')).toHaveValue(title);

  const visitor = await page
    .context()
    .browser()!
    .newPage({ baseURL: new URL(page.url()).origin });
  await visitor.goto(userPage);
  await expect(visitor.getByTestId('user-article').filter({ hasText: title })).toBeVisible();
  await expect(visitor.getByTestId('user-owner-bar')).toBeHidden();
  await expect(visitor.getByTestId('user-article-edit')).toHaveCount(0);
  await visitor.close();
});

test('an admin reviews, recommends and deletes an article from its page; its author and visitors see no such bar', async ({
  browser,
  request,
  baseURL,
}) => {
  const admin = await adminToken(request);
  const cat = await createCategory(request, admin, unique('审核文章'), 1);
  const writer = await reviewedWriter(request, admin, 'reviewed');
  const { token } = writer;
  const write = (title: string) =>
    apiCall<{ identifier: string }>(request, token, 'POST', '/article', { title, content: '<p>正文</p>', category_id: [cat] });
  const first = await write(unique('请审核这篇'));
  const second = await write(unique('也请审核这篇'));
  const address = (identifier: string) => `/article/${cat}/detail/${identifier}`;

  // the author reads his pending article without the bar
  const author = await signedInContext(browser, PHONE, writer.name, writer.password, baseURL!);
  const mine = await author.newPage();
  await mine.goto(address(first.identifier));
  await expect(mine.getByRole('heading', { level: 1 })).toContainText('待审核');
  await expect(mine.getByTestId('article-edit-own')).toBeVisible();
  await expect(mine.getByTestId('article-moderate')).toBeHidden();
  await author.close();

  const context = await signedInContext(browser, DESKTOP, 'admin', E2E_ADMIN_PASSWORD, baseURL!);
  const page = await context.newPage();
  await page.goto(address(first.identifier));
  const heading = page.getByRole('heading', { level: 1 });
  const bar = page.getByTestId('article-moderate');
  await expect(heading).toContainText('待审核');
  await bar.getByTestId('article-approve').click();
  await expect(heading).not.toContainText('待审核');
  await expect(bar.getByTestId('article-approve')).toHaveCount(0);
  await bar.getByRole('button', { name: '推荐文章' }).click();
  await expect(heading).toContainText('推荐');
  await expect(bar.getByRole('button', { name: '取消推荐' })).toBeVisible();
  const published = await apiCall<{ status: number; recommend_at: string | null }>(
    request,
    admin,
    'GET',
    `/article?identifier=${first.identifier}`,
  );
  expect(published.status).toBe(1);
  expect(published.recommend_at).toBeTruthy();

  // a rejection asks for the reason, which reaches the author
  await page.goto(address(second.identifier));
  page.once('dialog', (d) => void d.accept('标题与内容不符'));
  await bar.getByTestId('article-reject').click();
  await expect(heading).toContainText('审核拒绝');
  const notices = await apiCall<{ notification: { content: string }[] }>(request, token, 'GET', '/notification/list');
  expect(notices.notification.map((n) => n.content).join('\n')).toContain('标题与内容不符');

  // 删除文章 (confirmed) takes it to the recycle bin and lands on the article list
  page.once('dialog', (d) => void d.accept());
  await bar.getByTestId('article-delete-any').click();
  await page.waitForURL((u) => u.pathname === '/article');
  expect((await request.get(`/api/v1/article?identifier=${second.identifier}`)).status()).toBe(404);
  await context.close();

  // a visitor sees the published article without the bar
  const visitor = await browser.newPage({ baseURL });
  await visitor.goto(address(first.identifier));
  await expect(visitor.getByRole('heading', { level: 1 })).toContainText('推荐');
  await expect(visitor.getByTestId('article-moderate')).toBeHidden();
  await visitor.close();
});
