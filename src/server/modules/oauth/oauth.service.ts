import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  bindLoginFields,
  bindRegisterFields,
  type OauthConfig,
  type OauthLoginReply,
  type oauthBindBody,
  type oauthLoginBody,
} from '../../../contract/oauth.ts';
import { mobileLoginBody, mobileRegisterBody } from '../../../contract/user.ts';
import type { AuthReply } from '../../../contract/user.ts';
import { OAUTH_LABELS } from '../../../domain/oauth.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/db.ts';
import { nowIso } from '../../db/dialect.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { loginByMobile, registerByMobile } from '../user/mobile.service.ts';
import { UserService } from '../user/user.service.ts';
import {
  OAUTH_PROVIDERS,
  ProviderError,
  providerByName,
  providerByType,
  type Cfg,
  type OauthProvider,
} from './oauth.providers.ts';
import { digest, OauthRepo } from './oauth.repo.ts';
import { SETTINGS } from '../../../domain/settings/index.ts';

const firstIssue = (e: z.ZodError) => e.issues[0]?.message ?? '参数错误';

export const STATE_TTL_MS = 10 * 60_000;
export const SESSION_TTL_MS = 30 * 60_000;
export const OAUTH_DISABLED = '该第三方登录未启用';
export const STATE_INVALID = '登录状态无效或已使用，请重新发起第三方登录';
export const STATE_EXPIRED = '登录已超时，请重新发起第三方登录';
export const STATE_OTHER_BROWSER = '登录状态与当前浏览器不符，请在同一浏览器中重新发起第三方登录';
export const SESSION_INVALID = '第三方账号信息已失效，请重新登录';
export const LAST_WAY = '这是您唯一的登录方式，请先设置密码后再解绑';

const label = (type: number) => OAUTH_LABELS[type] ?? '第三方';
const token = () => randomBytes(24).toString('base64url');

async function providerConfig(ctx: AppContext, p: OauthProvider): Promise<Cfg | null> {
  const [enable, clientId, secret] = [
    await ctx.settings.get(p.keys.enable),
    await ctx.settings.get(p.keys.id),
    await ctx.settings.get(p.keys.secret),
  ];
  if (!enable || !clientId || !secret) return null;
  return { clientId, secret, endpoint: await ctx.settings.get(p.keys.endpoint) };
}

async function enabled(ctx: AppContext, type: number): Promise<{ p: OauthProvider; cfg: Cfg }> {
  const p = providerByType(type);
  const cfg = p && (await providerConfig(ctx, p));
  if (!p || !cfg) throw badRequest(OAUTH_DISABLED);
  return { p, cfg };
}

/** The callback page on this site; the same address goes to the authorization and to the exchange. */
export async function redirectUri(ctx: AppContext, p: OauthProvider): Promise<string> {
  const root = (await ctx.settings.get(SETTINGS.oauth.callback_base)) || (await ctx.settings.get(SETTINGS.system.domain));
  return `${root.replace(/\/+$/, '')}/oauth/callback?type=${p.name}`;
}

/** GET /oauth/configs: the enabled providers, each with the start URL its button opens. */
export async function listConfigs(ctx: AppContext): Promise<OauthConfig[]> {
  const out: OauthConfig[] = [];
  for (const p of OAUTH_PROVIDERS) {
    const cfg = await providerConfig(ctx, p);
    if (!cfg) continue;
    out.push({
      type: p.type,
      name: label(p.type),
      icon: `/oauth/${p.name}.svg`,
      client_id: cfg.clientId,
      redirect_url: await redirectUri(ctx, p),
      authorize_url: `/api/v1/oauth/authorize?type=${p.name}`,
    });
  }
  return out;
}

/**
 * Starts a sign-in: a fresh `state` remembered with the browser's cookie value (made when the
 * browser has none), valid for ten minutes and once. Returns the provider URL and the cookie.
 */
export async function startAuthorize(
  ctx: AppContext,
  name: string,
  redirect: string,
  browser: string | undefined,
): Promise<{ url: string; browser: string }> {
  const p = providerByName(name);
  const { cfg } = await enabled(ctx, p?.type ?? 0);
  const b = browser && /^[\w-]{32,64}$/.test(browser) ? browser : token();
  const state = token();
  await ctx.repos.oauth.addState({ state, browser: b, oauth_type: p!.type, redirect, ttlMs: STATE_TTL_MS });
  return { url: p!.authorizeUrl(cfg, await redirectUri(ctx, p!), state), browser: b };
}

/**
 * POST /oauth/login: the state must be one this browser started for this provider, unused and
 * fresh; only then is the code exchanged (here, never in the browser). A linked account signs in;
 * an unknown one gets a session for "完善用户信息".
 */
export async function oauthLogin(
  ctx: AppContext,
  input: z.output<typeof oauthLoginBody>,
  browser: string | undefined,
  callerId: number,
  ip: string,
): Promise<OauthLoginReply> {
  const { p, cfg } = await enabled(ctx, input.oauth_type);
  const repo = ctx.repos.oauth;
  const row = input.state ? await repo.takeState(input.state) : undefined;
  if (!row || row.oauth_type !== p.type) throw badRequest(STATE_INVALID);
  if (row.expires_at < nowIso()) throw badRequest(STATE_EXPIRED);
  if (!browser || digest(browser) !== row.browser_hash) throw badRequest(STATE_OTHER_BROWSER);

  let profile;
  try {
    profile = await p.exchange(cfg, input.code, await redirectUri(ctx, p));
  } catch (err) {
    if (err instanceof ProviderError) throw badRequest(`${label(p.type)}登录失败：${err.message}`);
    throw badRequest(`${label(p.type)}登录失败：无法连接登录服务`);
  }
  const redirect = row.redirect || undefined;
  let link = await repo.link(p.type, profile.openid);
  const svc = new UserService(ctx);
  const linkedUser = link && (await svc.repo.byId(link.user_id));
  if (link && !linkedUser) {
    // the account was deleted: its links go with it, and the provider account is free again
    await repo.removeLink(ctx.db, link.user_id, link.id);
    link = undefined;
  }
  if (link && linkedUser) {
    if (callerId && callerId !== link.user_id) throw conflict(`该${label(p.type)}账号已绑定其他账号`);
    await repo.refreshLink(link.id, profile);
    await svc.repo.update(linkedUser.id, { login_at: nowIso(), last_login_ip: ip });
    return { ...(await svc.authReply(linkedUser)), redirect };
  }
  const session = token();
  await repo.addSession(session, p.type, profile, SESSION_TTL_MS);
  const { openid, username, nickname, avatar } = profile;
  return { oauth: { openid, oauth_type: p.type, session, username, nickname, avatar }, redirect };
}

/** Links the pending account to `userId` inside `trx`, spending the session. */
async function linkPending(
  repo: OauthRepo,
  trx: Database,
  pending: NonNullable<Awaited<ReturnType<OauthRepo['session']>>>,
  userId: number,
): Promise<void> {
  if (!(await repo.dropSession(trx, pending.id))) throw badRequest(SESSION_INVALID);
  const mine = await repo.linksOf(userId, trx);
  if (mine.some((l) => l.oauth_type === pending.oauth_type))
    throw conflict(`您已绑定过${label(pending.oauth_type)}账号，请先解绑`);
  if (await repo.link(pending.oauth_type, pending.openid, trx))
    throw conflict(`该${label(pending.oauth_type)}账号已绑定其他账号`);
  const { openid, unionid, username, nickname, avatar } = pending;
  await repo.addLink(trx, userId, pending.oauth_type, { openid, unionid, username, nickname, avatar });
}

/**
 * POST /oauth/bind: link to the signed-in member, to an account named with its password or
 * reached by an SMS code, or to a new one (by e-mail or by mobile number).
 */
export async function oauthBind(
  ctx: AppContext,
  input: z.output<typeof oauthBindBody>,
  callerId: number,
  ip: string,
): Promise<AuthReply | Record<string, never>> {
  const repo = ctx.repos.oauth;
  const pending = await repo.session(input.session);
  if (!pending || pending.openid !== input.openid || pending.oauth_type !== input.oauth_type || pending.expires_at < nowIso())
    throw badRequest(SESSION_INVALID);
  const svc = new UserService(ctx);
  if (callerId) {
    await ctx.db.transaction().execute((trx) => linkPending(repo, trx, pending, callerId));
    return {};
  }
  const link = (trx: Database, user: { id: number }) => linkPending(repo, trx, pending, user.id);
  // the SMS code is spent, and the account made or signed in to, in the transaction of the link
  if (input.mode === 'mobile_register') {
    const fields = mobileRegisterBody.safeParse(input);
    if (!fields.success) throw badRequest(firstIssue(fields.error));
    return registerByMobile(ctx, fields.data, ip, link);
  }
  if (input.mode === 'mobile_login') {
    const fields = mobileLoginBody.safeParse(input);
    if (!fields.success) throw badRequest(firstIssue(fields.error));
    return loginByMobile(ctx, fields.data, ip, link);
  }
  if (input.mode === 'register') {
    const fields = bindRegisterFields.safeParse(input);
    if (!fields.success) throw badRequest(firstIssue(fields.error));
    return svc.register({ ...input, ...fields.data }, ip, link);
  }
  const fields = bindLoginFields.safeParse(input);
  if (!fields.success) throw badRequest(firstIssue(fields.error));
  // the password is checked (and throttled) as on the login page before anything is linked
  const reply = await svc.login({ ...input, ...fields.data }, ip);
  await ctx.db.transaction().execute((trx) => linkPending(repo, trx, pending, reply.user.id));
  return reply;
}

/** DELETE /user/oauth: never the last way to sign in (no password, no number for SMS, no other link). */
export async function unbind(ctx: AppContext, userId: number, id: number): Promise<void> {
  const repo = ctx.repos.oauth;
  const svc = new UserService(ctx);
  const user = await svc.repo.byId(userId);
  if (!user) throw notFound('用户不存在');
  await ctx.db.transaction().execute(async (trx) => {
    const links = await repo.linksOf(userId, trx);
    if (!links.some((l) => l.id === id)) throw notFound('绑定记录不存在');
    const bySms = Boolean(user.mobile) && (await ctx.settings.get(SETTINGS.sms.enable));
    if (!user.password && !bySms && links.length <= 1) throw badRequest(LAST_WAY);
    await repo.removeLink(trx, userId, id);
  });
}
