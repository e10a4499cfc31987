import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from '../../playwright.config.ts';
import { adminToken, apiCall, registerMember, unique } from './support/api.ts';
import { createCategory, publishFixture } from './support/documents.ts';

async function loginThroughUi(page: Page, username: string, password: string, redirect = '/admin') {
  await page.goto(`/auth/login?redirect=${encodeURIComponent(redirect)}`);
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => url.pathname.startsWith(redirect));
}

const menu = (page: Page) => page.locator('.ant-layout-sider .ant-menu');

test('the admin sees every section, renames the site and sees the new title', async ({ page }) => {
  await loginThroughUi(page, 'admin', E2E_ADMIN_PASSWORD);
  for (const section of ['面板', '用户管理', '导航管理', '系统设置']) {
    await expect(menu(page).getByText(section, { exact: true }).first()).toBeVisible();
  }
  await expect(page.getByText('数据统计')).toBeVisible();

  await menu(page).getByText('系统设置', { exact: true }).click();
  await menu(page).getByText('基础配置', { exact: true }).click();
  await page.waitForURL(/\/admin\/config\/system/);
  const name = unique('新站名');
  const input = page.getByTestId('config-system-sitename');
  await expect(input).not.toHaveValue('');
  await input.fill(name);
  await page.getByTestId('config-save').click();
  await expect(page.locator('.ant-message')).toContainText('成功');

  // a visitor (fresh browser context, not logged in) sees the new name on the login page
  const visitor = await page.context().browser()!.newPage();
  await visitor.goto(new URL('/auth/login', page.url()).href);
  await expect(visitor).toHaveTitle(`用户登录 - ${name}`);
  await visitor.close();
});

for (const [label, viewport] of [
  ['desktop', { width: 1280, height: 900 }],
  ['390px phone', { width: 390, height: 844 }],
] as const) {
  test(`the dashboard shows the last 24 hours, the queue and the free disk (${label})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await loginThroughUi(page, 'admin', E2E_ADMIN_PASSWORD);
    const card = page.locator('.ant-card').filter({ hasText: '运行情况（最近 24 小时）' });
    await expect(card).toBeVisible();
    // the requests of this very session (settings, login, the dashboard's own calls) are counted
    await expect(card.getByTestId('operations-requests')).not.toContainText(/^请求0$/);
    expect(
      Number((await card.getByTestId('operations-requests').locator('.ant-statistic-content').innerText()).replace(/,/g, '')),
    ).toBeGreaterThan(0);
    await expect(card.getByTestId('operations-queue')).toContainText('/');
    await expect(card.getByTestId('operations-hours').locator(':scope > *')).toHaveCount(24);
    await expect(card.getByText('数据目录剩余空间')).toBeVisible();
  });
}

test('a member whose group holds the user-list permission sees exactly that admin section', async ({ page, request }) => {
  const admin = await adminToken(request);
  const perms = await apiCall<{ permission: Array<{ id: number; path: string }> }>(
    request,
    admin,
    'GET',
    '/permission/list?size=1000',
  );
  const listUser = perms.permission.find((p) => p.path === '/api.v1.UserAPI/ListUser')!;
  const group = await apiCall<{ id: number }>(request, admin, 'POST', '/group', { title: unique('客服') });
  await apiCall(request, admin, 'PUT', '/group/permission', { group_id: group.id, permission_id: [listUser.id] });
  const username = unique('staff');
  const member = await registerMember(request, username, 'staff-pass-1');
  await apiCall(request, admin, 'PUT', '/user', { id: member.id, group_id: [group.id] });

  await loginThroughUi(page, username, 'staff-pass-1');
  await expect(menu(page).getByText('用户管理', { exact: true }).first()).toBeVisible();
  for (const hidden of ['系统设置', '文档管理', '文章管理', '友链管理', '运营管理']) {
    await expect(menu(page).getByText(hidden, { exact: true })).toHaveCount(0);
  }
  await menu(page).getByText('用户管理', { exact: true }).first().click();
  await expect(menu(page).getByText('角色管理', { exact: true })).toHaveCount(0);
  await page.goto('/admin/user/list');
  await expect(page.getByText(username).first()).toBeVisible();

  // a page the permissions do not allow sends the member home
  await page.goto('/admin/config/system');
  await page.waitForURL((url) => url.pathname === '/');
});

test('an ordinary member is not an admin: no 管理后台 link and /admin sends home', async ({ page, request }) => {
  const username = unique('plain');
  await registerMember(request, username, 'plain-pass-1');
  await loginThroughUi(page, username, 'plain-pass-1', '/member');
  await page.getByTestId('header-username').hover();
  await expect(page.getByText('退出登录')).toBeVisible();
  await expect(page.getByText('管理后台')).toBeHidden();
  await page.goto('/admin/user/list');
  await page.waitForURL((url) => url.pathname === '/');
});

test('back office at 1366 px: Chinese permission titles, Wenku placeholders, a spinner while checking tools, a document table without sideways scrolling', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const admin = await adminToken(request);
  const category = await createCategory(request, admin, unique('后台宽度'));
  const title = `${unique('')}${'后台文档列表的很长很长的标题'.repeat(5)}`.slice(0, 64);
  await publishFixture(request, admin, 'tests/fixtures/gbk.txt', title, category);
  await page.setViewportSize({ width: 1366, height: 900 });
  // hold the tool check back until the spinner has been seen
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/v1/envs', async (route) => {
    await held;
    await route.continue();
  });
  await loginThroughUi(page, 'admin', E2E_ADMIN_PASSWORD, '/admin');
  await expect(page.getByTestId('envs-loading')).toContainText('正在检测环境依赖');
  await expect(page.getByText('暂无数据')).toHaveCount(0);
  release();
  await expect(page.getByTestId('envs-table').locator('tr.ant-table-row').first()).toBeVisible();

  await page.goto(`/admin/user/permission?path=${encodeURIComponent('/api.v1.DocumentAPI/DeleteDocument')}`);
  const row = page.locator('tr.ant-table-row').filter({ hasText: '/api.v1.DocumentAPI/DeleteDocument' });
  await expect(row).toContainText('删除文档');
  await expect(row).toContainText('文档管理');
  await expect(page.locator('.ant-table-tbody td').filter({ hasText: /^-$/ })).toHaveCount(0);

  await page.goto('/admin/config/system');
  for (const name of ['sitename', 'title', 'domain']) {
    const placeholder = await page.getByTestId(`config-system-${name}`).getAttribute('placeholder');
    expect(placeholder).not.toMatch(/魔豆|moredoc/);
  }
  expect(await page.getByTestId('config-system-sitename').getAttribute('placeholder')).toContain('Wenku 文库');

  await page.goto('/admin/document/list');
  const body = page.locator('.ant-table-body, .ant-table-content').first();
  await expect(page.locator('tr.ant-table-row').filter({ hasText: title })).toBeVisible();
  const { scroll, client } = await body.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(scroll).toBeLessThanOrEqual(client);
});
