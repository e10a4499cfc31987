import { createHash } from 'node:crypto';
import { decodeJwt } from 'jose';
import { signLinkToken, verifyLinkToken } from '../../auth/jwt.ts';
import { hashPassword } from '../../auth/password.ts';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../db/dialect.ts';
import { badRequest, internal, notFound } from '../../http/errors.ts';
import { clamp } from '../../http/list.ts';
import { requireCaptcha } from '../captcha/captcha.service.ts';
import { MAIL_DISABLED, escapeHtml, siteInfo } from './mail.ts';
import { UserRepo } from './user.repo.ts';

export const LINK_EXPIRED = '链接已失效，请重新找回密码';

/** Revoked-token key of a used reset link: a hash, so the table never holds a usable token. */
const usedKey = (token: string) => `reset:${createHash('sha256').update(token).digest('hex')}`;

async function linkSecret(ctx: AppContext): Promise<string> {
  const secret = await ctx.settings.str('email', 'secret');
  // the seed fills it with a random value; an admin who blanks it must not get unsigned-looking links
  if (!secret) throw internal('邮件签名密钥未配置，请联系管理员');
  return secret;
}

/** Step one (contract §2.1, §7.4): mails a signed, short-lived link to the account's address. */
export async function sendResetLink(ctx: AppContext, input: { email: string; captcha?: string; captcha_id?: string }): Promise<void> {
  // not consumed: the same captcha is answered again in step two
  await requireCaptcha(ctx, 'find_password', input, { consume: false });
  const user = await new UserRepo(ctx.db).byEmail(input.email);
  if (!user) throw notFound('用户不存在');
  if (!(await ctx.mailer.enabled())) throw badRequest(MAIL_DISABLED);

  const minutes = clamp(await ctx.settings.num('email', 'duration', 30), 1, 60, 30);
  const token = await signLinkToken(await linkSecret(ctx), input.email, minutes);
  const site = await siteInfo(ctx);
  // our reset page is /auth/forgot (moredoc's client used /findpassword)
  const link = `${site.domain}/auth/forgot?token=${encodeURIComponent(token)}&email=${encodeURIComponent(input.email)}`;
  const html = [
    `<p>您好，${escapeHtml(user.username)}：</p>`,
    `<p>您正在找回 <a href="${escapeHtml(site.domain)}">${escapeHtml(site.name)}</a> 的账户密码。请在 ${minutes} 分钟内点击下面的链接设置新密码：</p>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    '<p>如果这不是您本人的操作，请忽略本邮件，您的密码不会被更改。</p>',
    '<p>密码建议：至少8位，同时包含字母、数字和符号，不要使用生日、手机号等容易被猜到的内容，也不要与其他网站使用相同的密码。</p>',
  ].join('');
  try {
    await ctx.mailer.send({ to: input.email, subject: `找回密码 - ${site.name}`, html });
  } catch (err) {
    throw internal(`邮件发送失败：${err instanceof Error ? err.message : String(err)}`);
  }
}

/**
 * Step two: the link must be genuine, unexpired, issued for this very address (moredoc did not
 * compare, so any link reset any account) and unused; the link is spent with the password change.
 */
export async function resetPassword(
  ctx: AppContext,
  input: { email: string; token: string; password: string; captcha?: string; captcha_id?: string },
): Promise<void> {
  await requireCaptcha(ctx, 'find_password', input, { consume: true });
  const subject = await verifyLinkToken(await linkSecret(ctx), input.token);
  if (subject === null || subject !== input.email) throw badRequest(LINK_EXPIRED);
  const repo = new UserRepo(ctx.db);
  const user = await repo.byEmail(input.email);
  if (!user) throw notFound('用户不存在');

  const exp = decodeJwt(input.token).exp ?? Math.floor(Date.now() / 1000) + 3600;
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction().execute(async (trx) => {
    const spent = await trx
      .insertInto('revoked_tokens')
      .values({ uuid: usedKey(input.token), user_id: user.id, expires_at: new Date(exp * 1000).toISOString(), created_at: nowIso() })
      .onConflict((oc) => oc.column('uuid').doNothing())
      .returning('uuid')
      .executeTakeFirst();
    if (!spent) throw badRequest(LINK_EXPIRED);
    await repo.update(user.id, { password: passwordHash }, trx);
  });
}
