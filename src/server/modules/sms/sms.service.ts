import { randomInt } from 'node:crypto';
import type { SendSmsReply } from '../../../contract/sms.ts';
import { SMS_STATUS, SMS_TYPE } from '../../../domain/status.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/db.ts';
import { ApiError, badRequest, Code, conflict } from '../../http/errors.ts';
import { requireCaptcha } from '../captcha/captcha.service.ts';
import { SMS_SENDERS } from './sms.providers.ts';
import { SmsRepo } from './sms.repo.ts';
import { SETTINGS } from '../../../domain/settings/index.ts';

/** A code lives five minutes, is spent by its first right answer and dies after five wrong ones. */
export const SMS_CODE_MINUTES = 5;
export const SMS_MAX_TRIES = 5;
const DAY_MS = 24 * 3600_000;

export const SMS_DISABLED = '系统未开启短信服务';
export const SMS_NOT_CONFIGURED = '短信服务未配置，请联系管理员';
export const SMS_SEND_FAILED = '短信发送失败，请稍后再试';
export const SMS_CODE_WRONG = '短信验证码错误';
export const SMS_CODE_EXPIRED = '短信验证码已过期或已使用，请重新获取';
export const SMS_CODE_LOCKED = '短信验证码错误次数过多，请重新获取';
export const MOBILE_TAKEN = '该手机号已注册';
export const MOBILE_UNKNOWN = '该手机号尚未注册';

const tooMany = (message: string) => new ApiError(Code.ResourceExhausted, message);

/** Whether SMS sign-in is on (the auth pages show their 手机号 tabs then). */
export const smsEnabled = (ctx: AppContext) => ctx.settings.get(SETTINGS.sms.enable);

/** Per number and per address: at most one send per interval and so many per 24 hours (settings `sms`). */
async function assertSendAllowed(ctx: AppContext, repo: SmsRepo, mobile: string, ip: string): Promise<void> {
  const cfg = ctx.settings;
  const dayAgo = new Date(Date.now() - DAY_MS).toISOString();
  const limits: Array<['mobile' | 'ip', string, number, number, string]> = [
    ['mobile', mobile, await cfg.get(SETTINGS.sms.mobile_interval), await cfg.get(SETTINGS.sms.mobile_daily), '该手机号'],
    ['ip', ip, await cfg.get(SETTINGS.sms.ip_interval), await cfg.get(SETTINGS.sms.ip_daily), '当前网络'],
  ];
  for (const [column, value, interval, daily, who] of limits) {
    const { count, last } = await repo.sendsSince(column, value, dayAgo);
    if (interval > 0 && last && Date.now() - Date.parse(last) < interval * 1000)
      throw tooMany(`${who}发送验证码太频繁，请${interval}秒后再试`);
    if (daily > 0 && count >= daily) throw tooMany(`${who}24小时内发送验证码的次数已达上限`);
  }
}

/**
 * POST /sms: after the image captcha, sends a fresh 6-digit code through the configured service.
 * Every attempt is recorded (status, provider error and answer) whether or not it went out.
 */
export async function sendSmsCode(
  ctx: AppContext,
  input: { mobile: string; type: number; captcha: string; captcha_id: string },
  ip: string,
): Promise<SendSmsReply> {
  if (!(await smsEnabled(ctx))) throw badRequest(SMS_DISABLED);
  const cfg = await ctx.settings.group(SETTINGS.sms);
  const provider = cfg.provider;
  const sender = SMS_SENDERS[provider];
  if (!sender) throw badRequest(SMS_NOT_CONFIGURED);
  await requireCaptcha(ctx, 'sms', input, { consume: true, force: true });

  const user = await ctx.repos.user.byMobile(input.mobile);
  if (input.type === SMS_TYPE.register && user) throw conflict(MOBILE_TAKEN);
  if (input.type !== SMS_TYPE.register && !user) throw badRequest(MOBILE_UNKNOWN);

  const repo = ctx.repos.sms;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  // checked and recorded together, under the number's and address's locks: two sends at once (on
  // any instances) cannot both pass the interval
  const id = await ctx.db.transaction().execute(async (trx) => {
    const locked = new SmsRepo(trx);
    await locked.lockSender(input.mobile, ip);
    await assertSendAllowed(ctx, locked, input.mobile, ip);
    return locked.insert({ sms_type: input.type, user_id: user?.id ?? 0, mobile: input.mobile, code, ip, provider });
  });
  const result = await sender(cfg, { mobile: input.mobile, code, minutes: SMS_CODE_MINUTES });
  await repo.finish(id, result.ok ? SMS_STATUS.sent : SMS_STATUS.failed, result.error, result.response);
  if (!result.ok) throw badRequest(SMS_SEND_FAILED);
  return { is_registered: Boolean(user) };
}

/**
 * POST /sms/test: the back office checks the saved service with a code to a number of its own.
 * Sent whether SMS sign-in is on or not (it is checked before turning it on), recorded like any
 * send; a refusal answers the service's own error so the admin can fix the settings.
 */
export async function sendTestSms(ctx: AppContext, mobile: string, ip: string): Promise<Record<string, never>> {
  const cfg = await ctx.settings.group(SETTINGS.sms);
  const provider = cfg.provider;
  const sender = SMS_SENDERS[provider];
  if (!sender) throw badRequest('请先选择并保存短信服务商');
  const repo = ctx.repos.sms;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const id = await repo.insert({ sms_type: SMS_TYPE.test, user_id: 0, mobile, code, ip, provider });
  const result = await sender(cfg, { mobile, code, minutes: SMS_CODE_MINUTES });
  await repo.finish(id, result.ok ? SMS_STATUS.sent : SMS_STATUS.failed, result.error, result.response);
  if (!result.ok) throw badRequest(`测试短信发送失败：${result.error || '短信服务未返回原因'}`);
  return {};
}

class WrongCode extends Error {
  readonly rowId: number;
  constructor(rowId: number) {
    super(SMS_CODE_WRONG);
    this.rowId = rowId;
  }
}

/**
 * Runs `work` in one transaction with the newest code for the number spent, when `code` is it.
 * A wrong answer counts against the code (outside the rolled-back transaction), and nothing
 * `work` would have written is kept when the code or the work fails.
 */
export async function withSmsCode<T>(
  ctx: AppContext,
  input: { mobile: string; code: string; type: number },
  work: (trx: Database) => Promise<T>,
): Promise<T> {
  const repo = ctx.repos.sms;
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const row = await repo.latest(trx, input.mobile, input.type);
      const fresh = row && Date.now() - Date.parse(row.created_at) <= SMS_CODE_MINUTES * 60_000;
      if (!row || !fresh || row.is_used) throw badRequest(SMS_CODE_EXPIRED);
      if (row.tries >= SMS_MAX_TRIES) throw badRequest(SMS_CODE_LOCKED);
      if (row.code !== input.code) throw new WrongCode(row.id);
      if (!(await repo.spend(trx, row.id))) throw badRequest(SMS_CODE_EXPIRED);
      return work(trx);
    });
  } catch (err) {
    if (!(err instanceof WrongCode)) throw err;
    await repo.countWrongTry(err.rowId);
    throw badRequest(SMS_CODE_WRONG);
  }
}
