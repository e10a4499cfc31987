/**
 * Field rules and messages shared by the contract (which validates with them) and the browser forms
 * (which check before sending). Browser-safe and zod-free.
 */

/** An absolute http(s) address with a host; anything else (javascript:, data:, relative) is refused. */
export function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && Boolean(u.hostname);
  } catch {
    return false;
  }
}

/** Where a banner click leads: nothing, a path of this site (not `//host`), or an http(s) address. */
export const isBannerTarget = (u: string): boolean => u === '' || (/^\/(?![/\\])/.test(u) && !/\s/.test(u)) || isHttpUrl(u);

/** A mainland China mobile number: 11 digits, 1 then 3–9 (screens §2). */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;

/** Article identifiers given by holders of the create permission; others get 16 random hex characters. */
export const IDENTIFIER_PATTERN = /^[a-z0-9-_]{2,64}$/;

/**
 * The login answer when logins are under attack and this one needs a captcha although the site's
 * switch is off; the form then shows one (GET /user/captcha?type=login hands it out meanwhile).
 */
export const LOGIN_CAPTCHA_REQUIRED = '登录失败次数较多，请输入验证码后再登录';

/** Pages of text one GET /document/pages/text answers at most (the reader asks in batches of this many). */
export const PAGE_TEXT_MAX_PAGES = 10;

/** URLs of one sitemap part (sitemaps.org's limit): documents `part×N+1 … (part+1)×N` by id. */
export const SITEMAP_URLS_PER_PART = 50_000;

/** The header a site build's /api/v1 calls carry its pass in (src/server/site/build-token.ts). */
export const SITE_BUILD_HEADER = 'x-wenku-build';
