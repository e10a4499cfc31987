export { LOGIN_CAPTCHA_REQUIRED } from '../../../domain/rules.ts';
import { ApiError, Code } from '../../http/errors.ts';
import type { LoginFailureRepo } from './login-failure.repo.ts';

/**
 * Password guessing is throttled on failed logins of the last WINDOW, counted in the database so
 * that every instance sees the same numbers. An account under attack asks for a captcha rather
 * than locking: a stranger must never be able to lock the real owner out. Hard refusals fall only
 * on the guessing address itself (for one account, or for all once it has failed very often).
 */
export const LOGIN_WINDOW_MS = 15 * 60_000;
export const LIMITS = {
  /** failures on one account (from anywhere) before its logins need a captcha */
  accountCaptcha: 5,
  /** failures from one address (any accounts: spraying) before its logins need a captcha */
  ipCaptcha: 10,
  /** failures on the whole site before every login needs a captcha, until the attack subsides */
  siteCaptcha: 100,
  /** failures of one address on one account before it is refused for the rest of the window */
  pairBlock: 10,
  /** failures of one address before it is refused for the rest of the window */
  ipBlock: 50,
} as const;

export const LOGIN_BLOCKED = '登录失败次数过多，请15分钟后再试';

const since = () => new Date(Date.now() - LOGIN_WINDOW_MS).toISOString();

/**
 * Before a login is checked: refuses (429) an address that has failed too often, and tells
 * whether this attempt must carry a captcha whatever the site's captcha switch says.
 */
export async function loginGate(failures: LoginFailureRepo, ip: string, account: string): Promise<{ captcha: boolean }> {
  const c = await failures.counts(ip, account, since());
  if (c.ip >= LIMITS.ipBlock || c.pair >= LIMITS.pairBlock) throw new ApiError(Code.ResourceExhausted, LOGIN_BLOCKED);
  return { captcha: c.site >= LIMITS.siteCaptcha || c.ip >= LIMITS.ipCaptcha || c.account >= LIMITS.accountCaptcha };
}

/** Whether the login form should show a captcha to this address although the switch is off. */
export async function loginCaptchaPressure(failures: LoginFailureRepo, ip: string): Promise<boolean> {
  const from = since();
  const site = await failures.siteAndIp(ip, from);
  if (site.all >= LIMITS.siteCaptcha || site.ip >= LIMITS.ipCaptcha) return true;
  // an account under attack: its owner, at a clean address, is asked for a captcha at login and
  // must be able to get one (which account it is, this answer does not tell)
  return failures.anyAccountAtLeast(LIMITS.accountCaptcha, from);
}

export async function recordLoginFailure(failures: LoginFailureRepo, ip: string, account: string): Promise<void> {
  // rows older than the window count for nothing; this is the one place that adds rows
  await failures.record(ip, account, since());
}

/** A right password from this address forgives its own failures on the account (not others'). */
export async function forgiveLoginFailures(failures: LoginFailureRepo, ip: string, account: string): Promise<void> {
  await failures.forgive(ip, account);
}
