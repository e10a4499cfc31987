import { DatabaseSync } from 'node:sqlite';
import { expect, test, type Page } from '@playwright/test';
import { FAKE_CLIENTS, startFakeOauth, type FakeOauth } from '../fakes/fake-oauth.ts';
import { ALIYUN_KEY, startFakeSms, type FakeSms } from '../fakes/fake-sms.ts';
import { E2E_ADMIN_PASSWORD } from '../../playwright.config.ts';
import { adminToken, apiCall, setConfigs, unique } from './support/api.ts';

let oauth: FakeOauth;
let sms: FakeSms;

test.beforeAll(async ({ request, baseURL }) => {
  oauth = await startFakeOauth();
  sms = await startFakeSms();
  const admin = await adminToken(request);
  const values: Record<string, string> = { callback_base: baseURL! };
  const keys = { qq: ['qq_client_id', 'qq_client_secret'], github: ['github_client_id', 'github_client_secret'] } as const;
  for (const p of ['qq', 'github'] as const) {
    values[`enable_${p}`] = 'true';
    values[keys[p][0]] = FAKE_CLIENTS[p].id;
    values[keys[p][1]] = FAKE_CLIENTS[p].secret;
    values[`${p}_endpoint`] = `${oauth.url}/${p}`;
  }
  await setConfigs(request, admin, 'oauth', values);
  await setConfigs(request, admin, 'sms', {
    enable: 'true',
    provider: 'smsAliyun',
    aliyun_access_key_id: ALIYUN_KEY.id,
    aliyun_access_key_secret: ALIYUN_KEY.secret,
    aliyun_sign_name: '文库',
    aliyun_template_code: 'SMS_100000001',
    aliyun_endpoint: sms.url,
    // the journeys send several codes to one number from one address within a minute
    mobile_interval: '0',
    ip_interval: '0',
    ip_daily: '50',
  });
});

test.afterAll(async ({ request }) => {
  const admin = await adminToken(request);
  await setConfigs(request, admin, 'oauth', { enable_qq: 'false', enable_github: 'false' });
  await setConfigs(request, admin, 'sms', { enable: 'false' });
  await oauth?.close();
  await sms?.close();
});

/** The image captcha's answer, read where the server keeps it (the e2e server's SQLite file). */
function captchaAnswer(id: string): string {
  const db = new DatabaseSync('test-results/e2e-data/wenku.db', { readOnly: true });
  try {
    return (db.prepare('select answer from captchas where id = ?').get(id) as { answer: string }).answer;
  } finally {
    db.close();
  }
}

/** Fills number and captcha, sends the code and returns it as the fake SMS service received it. */
async function requestCode(page: Page, mobile: string): Promise<string> {
  const before = sms.sent.length;
  await page.getByTestId('mobile-input').fill(mobile);
  // the first captcha has loaded (or the one after the previous send): the next one is ours to read
  await expect(page.getByAltText('验证码')).toBeVisible();
  const captcha = page.waitForResponse((r) => r.url().includes('/api/v1/user/captcha?type=sms'));
  await page.getByRole('button', { name: '刷新验证码' }).click();
  const { id } = (await (await captcha).json()) as { id: string };
  await page.getByTestId('captcha-input').fill(captchaAnswer(id));
  await page.getByTestId('sms-send').click();
  await expect.poll(() => sms.sent.length).toBeGreaterThan(before);
  return sms.codeFor(mobile)!;
}

test('a visitor signs in with QQ for the first time, completes the profile and lands logged in', async ({ page }) => {
  const name = unique('qq');
  oauth.as('qq', { id: `QQ-${name}`, login: '', name: 'QQ新朋友' });
  await page.goto('/auth/login');
  await page.getByRole('link', { name: 'QQ登录' }).click();
  await expect(page.getByText('QQ新朋友')).toBeVisible();
  await page.getByText('同意授权').click();

  await expect(page.getByTestId('oauth-complete')).toBeVisible();
  await expect(page.getByText('QQ账号「QQ新朋友」尚未绑定本站账号')).toBeVisible();
  await page.getByTestId('bind-username').fill(name);
  await page.getByTestId('bind-password').fill('qq-pass-123');
  await page.getByTestId('bind-confirm').fill('qq-pass-123');
  await page.getByTestId('bind-email').fill(`${name}@example.com`);
  await page.getByTestId('register-agree').check();
  await page.getByTestId('bind-submit').click();
  await page.waitForURL((u) => u.pathname.startsWith('/member'));
  await expect(page.getByTestId('header-username')).toHaveText(name);
});

test('a member binds GitHub in the profile, logs out and signs in with GitHub', async ({ page }) => {
  const name = unique('gh');
  oauth.as('github', { id: String(Date.now() % 1e9), login: name, name: 'Octo' });
  await page.goto('/auth/register');
  await page.getByTestId('register-username').fill(name);
  await page.getByTestId('register-password').fill('gh-pass-123');
  await page.getByTestId('register-confirm').fill('gh-pass-123');
  await page.getByTestId('register-email').fill(`${name}@example.com`);
  await page.getByTestId('register-agree').check();
  await page.getByTestId('register-submit').click();
  await page.waitForURL((u) => !u.pathname.startsWith('/auth/'));

  await page.goto('/member/profile?tab=oauth');
  await expect(page.getByText('暂未绑定第三方账号')).toBeVisible();
  await page.getByRole('link', { name: '绑定GitHub' }).click();
  await page.getByText('同意授权').click();
  await page.waitForURL(/\/member\/profile\?tab=oauth/);
  const row = page.getByTestId('oauth-bindings').getByRole('row', { name: /GitHub/ });
  await expect(row).toContainText(name);

  await page.getByTestId('header-username').hover();
  await page.getByText('退出登录').click();
  await page.waitForURL((u) => u.pathname === '/');
  await page.goto('/auth/login');
  await page.getByRole('link', { name: 'GitHub登录' }).click();
  await page.getByText('同意授权').click();
  await page.waitForURL((u) => u.pathname.startsWith('/member'));
  await expect(page.getByTestId('header-username')).toHaveText(name);
});

test('a visitor registers with a mobile number, logs in with a code and resets the password by SMS; the admin sees the sends', async ({
  page,
  request,
}) => {
  const mobile = `139${String(Date.now()).slice(-8)}`;
  await page.goto('/auth/register');
  await page.getByRole('tab', { name: '手机注册' }).click();
  const code = await requestCode(page, mobile);
  await page.getByTestId('sms-code-input').fill(code);
  await page.getByTestId('mobile-password').fill('mobile-pass-1');
  // registering by number needs the agreement too
  await page.getByTestId('mobile-submit').click();
  await expect(page.getByTestId('form-error')).toContainText('请先阅读并同意《文库协议》');
  await page.getByTestId('register-agree').check();
  await page.getByTestId('mobile-submit').click();
  await page.waitForURL((u) => !u.pathname.startsWith('/auth/'));
  await expect(page.getByTestId('header-username')).toContainText(`手机用户${mobile.slice(-4)}`);
  await page.getByTestId('header-username').hover();
  await page.getByText('退出登录').click();
  await page.waitForURL((u) => u.pathname === '/');

  await page.goto('/auth/login');
  await page.getByRole('tab', { name: '短信登录' }).click();
  await page.getByTestId('sms-code-input').fill(await requestCode(page, mobile));
  await page.getByTestId('mobile-submit').click();
  await page.waitForURL((u) => !u.pathname.startsWith('/auth/'));
  await expect(page.getByTestId('header-username')).toContainText(`手机用户${mobile.slice(-4)}`);
  await page.getByTestId('header-username').hover();
  await page.getByText('退出登录').click();
  await page.waitForURL((u) => u.pathname === '/');

  await page.goto('/auth/forgot');
  await page.getByRole('tab', { name: '通过手机号找回' }).click();
  await page.getByTestId('sms-code-input').fill(await requestCode(page, mobile));
  await page.getByTestId('mobile-password').fill('mobile-pass-2');
  await page.getByTestId('mobile-submit').click();
  await expect(page.getByTestId('form-success')).toContainText('设置成功');
  await page.waitForURL(/\/auth\/login/);
  const admin = await adminToken(request);
  const listed = await apiCall<{ sms: Array<{ username: string }> }>(request, admin, 'GET', `/sms/list?mobile=${mobile}&size=1`);
  const res = await request.post('/api/v1/user/login', {
    data: { username: listed.sms[0]!.username, password: 'mobile-pass-2' },
  });
  expect(res.status()).toBe(200);

  // 短信管理 lists the three sends with their status and service
  await page.goto(`/auth/login?redirect=${encodeURIComponent(`/admin/user/sms?mobile=${mobile}`)}`);
  await page.getByTestId('login-username').fill('admin');
  await page.getByTestId('login-password').fill(E2E_ADMIN_PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/\/admin\/user\/sms/);
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText('找回密码');
  await expect(rows.first()).toContainText('发送成功');
  await expect(rows.first()).toContainText('阿里云短信');
  await expect(page.locator('.ant-table-tbody')).toContainText('注册');
});

test('a visitor new with QQ completes the profile by registering a mobile number with an SMS code', async ({ page, request }) => {
  const name = unique('qqm');
  oauth.as('qq', { id: `QQ-${name}`, login: '', name: 'QQ手机用户' });
  await page.goto('/auth/login');
  await page.getByRole('link', { name: 'QQ登录' }).click();
  await page.getByText('同意授权').click();
  await expect(page.getByTestId('oauth-complete')).toBeVisible();
  await page.getByRole('tab', { name: '手机号绑定' }).click();
  const panel = page.getByTestId('oauth-mobile');
  await expect(panel.getByTestId('mobile-submit')).toHaveText('登录并绑定');
  await panel.getByTestId('oauth-mobile-switch').click();
  await expect(panel.getByTestId('mobile-submit')).toHaveText('注册并绑定');
  const mobile = `137${String(Date.now()).slice(-8)}`;
  await panel.getByTestId('sms-code-input').fill(await requestCode(page, mobile));
  await panel.getByTestId('mobile-password').fill('mobile-pass-1');
  await panel.getByTestId('register-agree').check();
  await panel.getByTestId('mobile-submit').click();
  await page.waitForURL((u) => u.pathname.startsWith('/member'));
  await expect(page.getByTestId('header-username')).toContainText(`手机用户${mobile.slice(-4)}`);
  // the new account has the number and the QQ link
  const admin = await adminToken(request);
  const sent = await apiCall<{ sms: Array<{ user_id?: number }> }>(request, admin, 'GET', `/sms/list?mobile=${mobile}&size=1`);
  expect(sent.sms).toHaveLength(1);
  await page.goto('/member/profile?tab=oauth');
  await expect(page.getByTestId('oauth-bindings').getByRole('row', { name: /QQ/ })).toContainText('QQ手机用户');
});

test('the admin sets up SMS in a form by service, keeps the secrets masked and sends a test message', async ({ page }) => {
  await page.goto(`/auth/login?redirect=${encodeURIComponent('/admin/config/sms')}`);
  await page.getByTestId('login-username').fill('admin');
  await page.getByTestId('login-password').fill(E2E_ADMIN_PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/\/admin\/config\/sms/);
  const aliyun = page.getByTestId('sms-provider-smsAliyun');
  await expect(aliyun).toBeVisible();
  await expect(page.getByTestId('config-sms-aliyun_access_key_secret')).toHaveValue('******');
  await expect(page.getByTestId('config-sms-tencent_secret_id')).toHaveCount(0);
  // Tencent Cloud shows its own fields only
  await page.getByTestId('config-sms-provider').click();
  await page.locator('.ant-select-item-option').filter({ hasText: '腾讯云短信' }).click();
  await expect(page.getByTestId('sms-provider-smsTencent')).toBeVisible();
  await expect(page.getByTestId('config-sms-tencent_sdk_app_id')).toBeVisible();
  await expect(aliyun).toHaveCount(0);
  await page.getByTestId('config-sms-provider').click();
  await page.locator('.ant-select-item-option').filter({ hasText: '阿里云短信' }).click();
  await page.getByTestId('config-save').click();
  await expect(page.getByText('保存成功')).toBeVisible();

  const mobile = `135${String(Date.now()).slice(-8)}`;
  const before = sms.sent.length;
  await page.getByTestId('sms-test-mobile').fill(mobile);
  // the reply itself is checked first, so a refusal or a slow send says so instead of a missing toast
  const reply = page.waitForResponse('**/api/v1/sms/test');
  await page.getByTestId('sms-test-send').click();
  const res = await reply;
  expect(res.status(), await res.text()).toBe(200);
  await expect(page.getByText('测试短信已发送，请查收')).toBeVisible();
  expect(sms.sent.length).toBe(before + 1);
  expect(sms.sent.at(-1)).toMatchObject({ provider: 'aliyun', mobile }); // the saved secret still signs
  await page.goto(`/admin/user/sms?mobile=${mobile}`);
  const row = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('测试');
  await expect(row).toContainText('发送成功');
});

// last in the file: its two sends would use up the address's five a minute for the tests after it
test('获取验证码 counts 60 s down after a send and after a "too frequent" refusal (the page clock is driven)', async ({
  page,
  request,
}) => {
  const admin = await adminToken(request);
  await setConfigs(request, admin, 'sms', { mobile_interval: '60' });
  try {
    await page.clock.install();
    const mobile = `137${String(Date.now()).slice(-8)}`;
    await page.goto('/auth/register');
    await page.getByRole('tab', { name: '手机注册' }).click();
    await requestCode(page, mobile);
    const send = page.getByTestId('sms-send');
    await expect(send).toHaveText('60 秒后重试');
    await expect(send).toBeDisabled();
    await page.clock.runFor(1000);
    await expect(send).toHaveText('59 秒后重试');
    await page.clock.runFor(59_000);
    await expect(send).toHaveText('获取验证码');
    await expect(send).toBeEnabled();

    // a fresh page forgets the countdown; the server still refuses within its minute, and the button waits again
    await page.goto('/auth/register');
    await page.getByRole('tab', { name: '手机注册' }).click();
    await page.getByTestId('mobile-input').fill(mobile);
    await expect(page.getByAltText('验证码')).toBeVisible();
    const captcha = page.waitForResponse((r) => r.url().includes('/api/v1/user/captcha?type=sms'));
    await page.getByRole('button', { name: '刷新验证码' }).click();
    const { id } = (await (await captcha).json()) as { id: string };
    await page.getByTestId('captcha-input').fill(captchaAnswer(id));
    await send.click();
    // refused by the number's interval (…太频繁，请60秒后再试) or by the address's limit (操作太频繁): 60 s either way
    await expect(page.getByTestId('form-error')).toContainText('太频繁');
    await expect(send).toHaveText('60 秒后重试');
    await page.clock.runFor(60_000);
    await expect(send).toHaveText('获取验证码');
  } finally {
    await setConfigs(request, admin, 'sms', { mobile_interval: '0' });
  }
});
