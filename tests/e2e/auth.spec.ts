import { expect, test } from '@playwright/test';
import { registerMember, unique } from './support/api.ts';

test('a visitor registers, sees the username in the header, then logs out', async ({ page }) => {
  const username = unique('u');
  await page.goto('/auth/register');
  await page.getByTestId('register-username').fill(username);
  await page.getByTestId('register-password').fill('secret-123');
  await page.getByTestId('register-confirm').fill('secret-123');
  await page.getByTestId('register-email').fill(`${username}@example.com`);
  await page.getByTestId('register-agree').check();
  await page.getByTestId('register-submit').click();

  await page.waitForURL((url) => !url.pathname.startsWith('/auth/'));
  await expect(page.getByTestId('header-username')).toHaveText(username);

  await page.getByTestId('header-username').hover();
  await page.getByText('退出登录').click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByTestId('header-username')).toBeHidden();
  await expect(page.getByRole('link', { name: '登录' }).first()).toBeVisible();
});

test('the member area sends a logged-out visitor to the login page with a redirect', async ({ page }) => {
  await page.goto('/member');
  await page.waitForURL(/\/auth\/login/);
  expect(new URL(page.url()).searchParams.get('redirect')).toBe('/member');
});

test('registration refuses mismatched passwords with a Chinese message', async ({ page }) => {
  await page.goto('/auth/register');
  await page.getByTestId('register-username').fill(unique('u'));
  await page.getByTestId('register-password').fill('secret-123');
  await page.getByTestId('register-confirm').fill('secret-456');
  await page.getByTestId('register-email').fill('x@example.com');
  await page.getByTestId('register-agree').check();
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('form-error')).toContainText('两次输入的密码不一致');
});

/** The page with its own copy of the settings saying the login captcha is on (a false switch is left out of that copy). */
function withLoginCaptcha(html: string): string {
  const open = '<script type="application/json" id="wenku-site-data">';
  const start = html.indexOf(open) + open.length;
  const end = html.indexOf('</script>', start);
  const data = JSON.parse(html.slice(start, end)) as { settings: { security?: Record<string, unknown> } };
  data.settings.security = { ...data.settings.security, enable_captcha_login: true };
  return html.slice(0, start) + JSON.stringify(data).replaceAll('<', '\\u003c') + html.slice(end);
}

test('a login sent before the live settings arrive is not refused for a captcha the site has switched off', async ({
  page,
  request,
}) => {
  const username = unique('early');
  await registerMember(request, username, 'early-pass-1');
  // the page as rendered while the login captcha was on: security switches re-render no page
  await page.route(
    (url) => url.pathname === '/auth/login',
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.continue();
      const built = await route.fetch();
      await route.fulfill({ response: built, body: withLoginCaptcha(await built.text()) });
    },
  );
  // the live settings (captcha off) are held back until the form has been sent
  let release = () => {};
  const sent = new Promise<void>((done) => (release = done));
  await page.route(
    (url) => url.pathname === '/api/v1/settings',
    async (route) => {
      await sent;
      await route.continue();
    },
  );
  await page.goto('/auth/login?redirect=/member');
  await expect(page.getByTestId('captcha-input')).toBeVisible();
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill('early-pass-1');
  const login = page.waitForResponse('**/api/v1/user/login');
  await page.getByTestId('login-submit').click();
  expect((await login).status()).toBe(200);
  release();
  await page.waitForURL((url) => url.pathname.startsWith('/member'));
});

test('the login form shows a captcha when the server asks for one, although the switch is off', async ({ page, request }) => {
  const username = unique('g');
  await registerMember(request, username, 'right-pass-1');
  // someone has been guessing this account's password
  for (let i = 0; i < 5; i++) {
    expect((await request.post('/api/v1/user/login', { data: { username, password: `guess-${i}` } })).status()).toBe(400);
  }
  await page.goto('/auth/login');
  await expect(page.getByTestId('captcha-input')).toBeHidden();
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill('right-pass-1');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('form-error')).toContainText('请输入验证码');
  await expect(page.getByTestId('captcha-input')).toBeVisible();
  await expect(page.getByAltText('验证码')).toHaveAttribute('src', /^data:image\/png;base64,/);
});
