import { randomInt } from 'node:crypto';
import type { z } from 'zod';
import type { AuthReply } from '../../../contract/user.ts';
import type { mobileLoginBody, mobileRegisterBody } from '../../../contract/user.ts';
import { SMS_TYPE } from '../../../domain/status.ts';
import { hashPassword } from '../../auth/password.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/db.ts';
import type { UserRow } from '../../db/schema.ts';
import { badRequest, conflict, internal } from '../../http/errors.ts';
import { MOBILE_TAKEN, MOBILE_UNKNOWN, SMS_DISABLED, smsEnabled, withSmsCode } from '../sms/sms.service.ts';
import { UserService } from './user.service.ts';
import { SETTINGS } from '../../../domain/settings/index.ts';

/**
 * A name for an account that signed up with only a number: 手机用户 + the last four digits + four
 * random ones (never the number itself: names are public, numbers are not).
 */
async function freeMobileUsername(svc: UserService, trx: Database, mobile: string): Promise<string> {
  for (let i = 0; i < 8; i++) {
    const name = `手机用户${mobile.slice(-4)}${String(randomInt(0, 10_000)).padStart(4, '0')}`;
    if (!(await svc.repo.usernameClash(name, trx))) return name;
  }
  throw internal('生成用户名失败，请重试');
}

async function requireSms(ctx: AppContext): Promise<void> {
  if (!(await smsEnabled(ctx))) throw badRequest(SMS_DISABLED);
}

/** Work done in the code's transaction with the account (a third-party account is linked there). */
type AndThen = (trx: Database, user: UserRow) => Promise<void>;

/** POST /user/register/mobile: the account gets the number, a generated name and no e-mail. */
export async function registerByMobile(
  ctx: AppContext,
  input: z.output<typeof mobileRegisterBody>,
  ip: string,
  andThen?: AndThen,
): Promise<AuthReply> {
  await requireSms(ctx);
  const svc = new UserService(ctx);
  await svc.assertRegistrationOpen(ip);
  if (await svc.repo.mobileTaken(input.mobile)) throw conflict(MOBILE_TAKEN);
  const passwordHash = await hashPassword(input.password);
  const award = await ctx.settings.get(SETTINGS.score.register);
  const user = await withSmsCode(ctx, { ...input, type: SMS_TYPE.register }, async (trx) => {
    if (await svc.repo.mobileTaken(input.mobile, 0, trx)) throw conflict(MOBILE_TAKEN);
    const username = await freeMobileUsername(svc, trx, input.mobile);
    const created = await svc.createMember(trx, { username, passwordHash, email: '', mobile: input.mobile, ip }, award);
    if (andThen) await andThen(trx, created);
    return created;
  });
  await ctx.events.publish({ kind: 'user', ids: [user.id], change: 'saved' });
  return svc.authReply(user);
}

/** POST /user/login/mobile */
export async function loginByMobile(
  ctx: AppContext,
  input: z.output<typeof mobileLoginBody>,
  ip: string,
  andThen?: AndThen,
): Promise<AuthReply> {
  await requireSms(ctx);
  const svc = new UserService(ctx);
  const user = await svc.repo.byMobile(input.mobile);
  if (!user) throw badRequest(MOBILE_UNKNOWN);
  await withSmsCode(ctx, { ...input, type: SMS_TYPE.login }, async (trx) => {
    await svc.repo.recordLogin(user.id, ip, trx);
    if (andThen) await andThen(trx, user);
  });
  return svc.authReply(user);
}

/** POST /user/findpassword/mobile: sets the password and ends every session of the account. */
export async function resetPasswordByMobile(ctx: AppContext, input: z.output<typeof mobileRegisterBody>): Promise<void> {
  await requireSms(ctx);
  const svc = new UserService(ctx);
  const user = await svc.repo.byMobile(input.mobile);
  if (!user) throw badRequest(MOBILE_UNKNOWN);
  const passwordHash = await hashPassword(input.password);
  await withSmsCode(ctx, { ...input, type: SMS_TYPE.findPassword }, async (trx) => {
    await svc.repo.setPassword(user.id, passwordHash, {}, trx);
  });
}
