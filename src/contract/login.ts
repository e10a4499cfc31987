// No zod here: the login form imports this file.

/**
 * The login answer when logins are under attack and this one needs a captcha although the site's
 * switch is off; the form then shows one (GET /user/captcha?type=login hands it out meanwhile).
 */
export const LOGIN_CAPTCHA_REQUIRED = '登录失败次数较多，请输入验证码后再登录';
