import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../db/dialect.ts';
import type { DB } from '../../db/schema.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import { requireCaptcha } from '../captcha/captcha.service.ts';
import { EmailCodeRepo } from './email-code.repo.ts';
import { MAIL_DISABLED, escapeHtml, siteInfo } from './mail.ts';
import { SETTINGS } from '../../../domain/settings/index.ts';

export const EMAIL_CODE_TTL_MS = 30 * 60_000;
const RESEND_INTERVAL_MS = 60_000;
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
/** EmailCodeType 0: registration */
export const CODE_REGISTER = 0;

const newCode = () => Array.from({ length: 4 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

/**
 * Sends a registration code (contract §2.1 SendEmailCode). Like moredoc the answer is `{}` even when
 * SMTP fails: the failure is recorded on the row, and registration then reports the code as wrong.
 */
export async function sendRegisterCode(
  ctx: AppContext,
  input: { email: string; captcha?: string; captcha_id?: string },
  ip: string,
): Promise<void> {
  const { settings, db } = ctx;
  if (!(await settings.get(SETTINGS.security.enable_register))) throw badRequest('系统未开放注册');
  if (!(await settings.get(SETTINGS.security.enable_verify_register_email))) throw badRequest('系统未开启注册邮箱验证');
  if (!(await ctx.mailer.enabled())) throw badRequest(MAIL_DISABLED);
  if (await ctx.repos.user.emailTaken(input.email)) throw conflict('邮箱已被注册');
  await requireCaptcha(ctx, 'register', input, { consume: false });

  const codes = new EmailCodeRepo(db);
  const last = await codes.lastSentAt(input.email);
  if (last && Date.now() - Date.parse(last) < RESEND_INTERVAL_MS) throw badRequest('发送太频繁，请稍后再试');

  const code = newCode();
  const site = await siteInfo(ctx);
  let error = '';
  try {
    await ctx.mailer.send({
      to: input.email,
      subject: '邮箱验证码',
      html:
        `<p>您好，欢迎注册 <a href="${escapeHtml(site.domain)}">${escapeHtml(site.name)}</a>！</p>` +
        `<p>您的邮箱验证码是：<b style="font-size:20px;letter-spacing:4px">${code}</b></p>` +
        '<p>验证码30分钟内有效，区分大小写。如果这不是您本人的操作，请忽略本邮件。</p>',
    });
  } catch (err) {
    error = err instanceof Error ? err.message : String(err);
  }
  await codes.add({
    email: input.email,
    ip,
    code,
    code_type: CODE_REGISTER,
    success: error ? 0 : 1,
    error,
    is_used: 0,
    created_at: nowIso(),
  });
}

/**
 * Checks the latest registration code sent to the address and marks it used. Runs inside the
 * registration transaction, so a code is spent only when the account is really created.
 */
export async function consumeRegisterCode(trx: Kysely<DB>, email: string, code: string): Promise<void> {
  const codes = new EmailCodeRepo(trx);
  const row = await codes.latest(email, CODE_REGISTER);
  const fresh = row && Date.now() - Date.parse(row.created_at) <= EMAIL_CODE_TTL_MS;
  if (!code || !row || !fresh || row.is_used || !row.success || row.code !== code) throw badRequest('邮箱验证码不正确或已过期');
  if (!(await codes.markUsed(row.id))) throw badRequest('邮箱验证码不正确或已过期');
}
