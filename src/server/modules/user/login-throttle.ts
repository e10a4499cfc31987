import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../../db/db.ts';
export { LOGIN_CAPTCHA_REQUIRED } from '../../../domain/rules.ts';
import { nowIso } from '../../db/dialect.ts';
import { ApiError, Code } from '../../http/errors.ts';

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

interface Counts {
  site: number;
  ip: number;
  account: number;
  pair: number;
}

const countWhere = (cond: RawBuilder<unknown>) => sql<number>`coalesce(sum(case when ${cond} then 1 else 0 end), 0)`;
const since = () => new Date(Date.now() - LOGIN_WINDOW_MS).toISOString();

async function failureCounts(db: Database, ip: string, account: string): Promise<Counts> {
  const row = await db
    .selectFrom('login_failures')
    .select((eb) => [
      eb.fn.countAll<number>().as('site'),
      countWhere(sql`ip = ${ip}`).as('ip'),
      countWhere(sql`account = ${account}`).as('account'),
      countWhere(sql`ip = ${ip} and account = ${account}`).as('pair'),
    ])
    .where('created_at', '>', since())
    .executeTakeFirstOrThrow();
  return { site: Number(row.site), ip: Number(row.ip), account: Number(row.account), pair: Number(row.pair) };
}

/**
 * Before a login is checked: refuses (429) an address that has failed too often, and tells
 * whether this attempt must carry a captcha whatever the site's captcha switch says.
 */
export async function loginGate(db: Database, ip: string, account: string): Promise<{ captcha: boolean }> {
  const c = await failureCounts(db, ip, account);
  if (c.ip >= LIMITS.ipBlock || c.pair >= LIMITS.pairBlock) throw new ApiError(Code.ResourceExhausted, LOGIN_BLOCKED);
  return { captcha: c.site >= LIMITS.siteCaptcha || c.ip >= LIMITS.ipCaptcha || c.account >= LIMITS.accountCaptcha };
}

/** Whether the login form should show a captcha to this address although the switch is off. */
export async function loginCaptchaPressure(db: Database, ip: string): Promise<boolean> {
  const from = since();
  const site = await db
    .selectFrom('login_failures')
    .select((eb) => [eb.fn.countAll<number>().as('all'), countWhere(sql`ip = ${ip}`).as('ip')])
    .where('created_at', '>', from)
    .executeTakeFirstOrThrow();
  if (Number(site.all) >= LIMITS.siteCaptcha || Number(site.ip) >= LIMITS.ipCaptcha) return true;
  // an account under attack: its owner, at a clean address, is asked for a captcha at login and
  // must be able to get one (which account it is, this answer does not tell)
  const hot = await db
    .selectFrom('login_failures')
    .select('account')
    .where('created_at', '>', from)
    .groupBy('account')
    .having((eb) => eb.fn.countAll(), '>=', LIMITS.accountCaptcha)
    .limit(1)
    .executeTakeFirst();
  return Boolean(hot);
}

export async function recordLoginFailure(db: Database, ip: string, account: string): Promise<void> {
  // rows older than the window count for nothing; this is the one place that adds rows
  await db.deleteFrom('login_failures').where('created_at', '<=', since()).execute();
  await db.insertInto('login_failures').values({ ip, account, created_at: nowIso() }).execute();
}

/** A right password from this address forgives its own failures on the account (not others'). */
export async function forgiveLoginFailures(db: Database, ip: string, account: string): Promise<void> {
  await db.deleteFrom('login_failures').where('ip', '=', ip).where('account', '=', account).execute();
}
