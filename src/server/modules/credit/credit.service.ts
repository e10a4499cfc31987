import type { AppContext } from '../../context.ts';
import { nowIso } from '../../db/dialect.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import type { Sign, SignState, SystemRecharge } from '../../../contract/credit.ts';
import { creditName } from '../../../domain/money.ts';
import { DEFAULT_TIME_ZONE } from '../../../domain/time.ts';
import { changeCredit, CreditRepo } from './credit.repo.ts';
import { SETTINGS } from '../../../domain/settings/index.ts';

export const ALREADY_SIGNED = '您今天已经签到过了';
export const NOT_SIGNED = '您今天还没有签到';

/** The site's time zone (system.timezone), falling back to Asia/Shanghai when unset or unknown. */
export async function siteZone(ctx: AppContext): Promise<string> {
  const zone = (await ctx.settings.get(SETTINGS.system.timezone)).trim();
  try {
    if (zone) new Intl.DateTimeFormat('en-CA', { timeZone: zone });
    return zone || DEFAULT_TIME_ZONE;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

/** The calendar day (YYYY-MM-DD) of an instant in a time zone. */
export const dayIn = (zone: string, at = new Date()): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/** The configured credit name (default 积分). */
export const siteCreditName = async (ctx: AppContext): Promise<string> =>
  creditName(await ctx.settings.get(SETTINGS.score.credit_name));

export async function todaySign(ctx: AppContext, userId: number): Promise<Sign> {
  const sign = await ctx.repos.credit.findSign(userId, dayIn(await siteZone(ctx)));
  if (!sign) throw notFound(NOT_SIGNED);
  return sign;
}

/** Today's sign-in as a state rather than a 404, for the site's own pages. */
export async function signState(ctx: AppContext, userId: number): Promise<SignState> {
  const sign = await ctx.repos.credit.findSign(userId, dayIn(await siteZone(ctx)));
  return sign ? { signed: true, sign_at: sign.sign_at, award: sign.award } : { signed: false, sign_at: 0, award: 0 };
}

/** Daily sign-in: once per calendar day in the site's time zone, with the configured reward through the ledger. */
export async function signToday(ctx: AppContext, userId: number, ip: string): Promise<Sign> {
  const day = dayIn(await siteZone(ctx));
  const award = Math.max(0, await ctx.settings.get(SETTINGS.score.sign_in));
  return ctx.db.transaction().execute(async (trx) => {
    const sign = await new CreditRepo(trx).insertSign({ user_id: userId, sign_day: day, award, ip, created_at: nowIso() });
    if (!sign) throw conflict(ALREADY_SIGNED);
    if (award > 0) await changeCredit(trx, { userId, amount: award, reason: '每日签到', refType: 'sign', refId: sign.id });
    return sign;
  });
}

/** Admin adjustment with a reason (moredoc Pro `POST /order/system/recharge`), written to the ledger. */
export async function adjustCredit(ctx: AppContext, adminId: number, input: SystemRecharge): Promise<number> {
  const name = await siteCreditName(ctx);
  const left = await changeCredit(ctx.db, {
    userId: input.user_id,
    amount: input.credit,
    reason: `${input.credit > 0 ? '系统充值' : '系统扣除'}：${input.remark}`,
    refType: 'admin',
    refId: adminId,
  });
  if (left !== undefined) return left;
  if (!(await ctx.repos.user.byId(input.user_id))) throw notFound('用户不存在');
  throw badRequest(`该用户的${name}不足，无法扣除 ${-input.credit} ${name}`);
}
