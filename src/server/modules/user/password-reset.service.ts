import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { signLinkToken, verifyLinkToken } from '../../auth/jwt.ts';
import { hashPassword } from '../../auth/password.ts';
import type { AppContext } from '../../context.ts';
import { badRequest, internal, notFound } from '../../http/errors.ts';
import { requireCaptcha } from '../captcha/captcha.service.ts';
import { MAIL_DISABLED, escapeHtml, siteInfo } from './mail.ts';
import { bounded, SETTINGS } from '../../../domain/settings/index.ts';

export const LINK_EXPIRED = '链接已失效，请重新找回密码';

async function linkSecret(ctx: AppContext): Promise<string> {
  const secret = await ctx.settings.get(SETTINGS.email.secret);
  // the seed fills it with a random value; an admin who blanks it must not get unsigned-looking links
  if (!secret) throw internal('邮件签名密钥未配置，请联系管理员');
  return secret;
}

/**
 * Step one (contract §2.1, §7.4): mails a signed, short-lived link to the account's address. The
 * answer is the same whether or not the address has an account (and the mail goes out after the
 * answer), so the form cannot be used to find out who is registered. Each request replaces the
 * account's reset nonce: only the newest link works.
 */
export async function sendResetLink(
  ctx: AppContext,
  input: { email: string; captcha?: string; captcha_id?: string },
  log: FastifyBaseLogger,
): Promise<void> {
  // spent on every attempt: one solved captcha is one request
  await requireCaptcha(ctx, 'find_password', input, { consume: true });
  if (!(await ctx.mailer.enabled())) throw badRequest(MAIL_DISABLED);
  const secret = await linkSecret(ctx);
  const user = await ctx.repos.user.byEmail(input.email);
  if (!user) return;
  void mailResetLink(ctx, user, input.email, secret).catch((err: unknown) => {
    log.error({ err, userId: user.id }, 'password reset mail failed');
  });
}

async function mailResetLink(
  ctx: AppContext,
  user: { id: number; username: string },
  email: string,
  secret: string,
): Promise<void> {
  const nonce = randomBytes(16).toString('base64url');
  await ctx.repos.user.setResetNonce(user.id, nonce);
  const minutes = bounded(SETTINGS.email.duration, await ctx.settings.get(SETTINGS.email.duration));
  const token = await signLinkToken(secret, email, minutes, nonce);
  const site = await siteInfo(ctx);
  // our reset page is /auth/forgot (moredoc's client used /findpassword)
  const link = `${site.domain}/auth/forgot?token=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`;
  const html = [
    `<p>您好，${escapeHtml(user.username)}：</p>`,
    `<p>您正在找回 <a href="${escapeHtml(site.domain)}">${escapeHtml(site.name)}</a> 的账户密码。请在 ${minutes} 分钟内点击下面的链接设置新密码：</p>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    '<p>如果这不是您本人的操作，请忽略本邮件，您的密码不会被更改。</p>',
    '<p>密码建议：至少8位，同时包含字母、数字和符号，不要使用生日、手机号等容易被猜到的内容，也不要与其他网站使用相同的密码。</p>',
  ].join('');
  await ctx.mailer.send({ to: email, subject: `找回密码 - ${site.name}`, html });
}

/**
 * Step two: the link must be genuine, unexpired, issued for this very address (moredoc did not
 * compare, so any link reset any account) and the newest one sent. Setting the password spends
 * it (the nonce is cleared in the same statement) and ends every session of the account.
 */
export async function resetPassword(
  ctx: AppContext,
  input: { email: string; token: string; password: string; captcha?: string; captcha_id?: string },
): Promise<void> {
  await requireCaptcha(ctx, 'find_password', input, { consume: true });
  const link = await verifyLinkToken(await linkSecret(ctx), input.token);
  if (link === null || link.subject !== input.email) throw badRequest(LINK_EXPIRED);
  const repo = ctx.repos.user;
  const user = await repo.byEmail(input.email);
  if (!user) throw notFound('用户不存在');
  if (!link.nonce || link.nonce !== user.reset_nonce) throw badRequest(LINK_EXPIRED);

  const passwordHash = await hashPassword(input.password);
  // a second use of the link racing this one finds the nonce gone
  if (!(await repo.setPassword(user.id, passwordHash, { resetNonce: link.nonce }))) throw badRequest(LINK_EXPIRED);
}
