import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { AuthReply, loginBody, registerBody } from '../../../contract/user.ts';
import { ROOT_USER_ID, userHasPermission } from '../../auth/auth.plugin.ts';
import { hashPassword, needsRehash, verifyPassword } from '../../auth/password.ts';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../db/dialect.ts';
import type { DB, UserRow } from '../../db/schema.ts';
import { ApiError, badRequest, Code, conflict, internal, notFound } from '../../http/errors.ts';
import { foldUsername } from '../../../contract/username.ts';
import { requireCaptcha } from '../captcha/captcha.service.ts';
import { changeCredit } from '../credit/credit.repo.ts';
import { consumeRegisterCode } from './email-code.service.ts';
import { forgiveLoginFailures, LOGIN_CAPTCHA_REQUIRED, loginGate, recordLoginFailure } from './login-throttle.ts';
import { USER_PERMS } from '../../../contract/user.ts';
import type { NewAccount, UserRepo } from './user.repo.ts';
import { privateUser } from './user.view.ts';
import { SETTINGS } from '../../../domain/settings/index.ts';

export const BAD_LOGIN = '用户名或密码错误';
export const USERNAME_TAKEN = '用户名已存在';
export const USERNAME_SIMILAR = '用户名与已有用户名过于相似，请换一个';
export const REGISTER_TOO_OFTEN = '该网络注册账号过于频繁，请稍后再试';
export const EMAIL_TAKEN = '邮箱已被注册';
export const ROOT_PROTECTED = '只有超级管理员本人可以修改超级管理员账号';

/** True for a unique-constraint failure on either dialect (two registrations racing for one name). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === '23505' || /UNIQUE constraint failed/i.test(e?.message ?? '');
}

// a login for an unknown name still pays for one hash check, so timing does not reveal which names exist
let timingGuard: Promise<string> | undefined;
const guardHash = () => (timingGuard ??= hashPassword('wenku-timing-guard'));

export class UserService {
  private readonly ctx: AppContext;
  readonly repo: UserRepo;
  constructor(ctx: AppContext) {
    this.ctx = ctx;
    this.repo = ctx.repos.user;
  }

  /** The reply of register and login; the admin note only for those who may read it anyway. */
  async authReply(user: UserRow): Promise<AuthReply> {
    const { token } = await this.ctx.tokens.issue(user.id, user.token_version);
    const withRemark = await userHasPermission(this.ctx.db, user.id, USER_PERMS.get.path);
    return { token, user: privateUser(user, withRemark) };
  }

  /** `andThen` runs in the registration's transaction (a third-party account is linked there). */
  async register(
    input: z.output<typeof registerBody>,
    ip: string,
    andThen?: (trx: Kysely<DB>, user: UserRow) => Promise<void>,
  ): Promise<AuthReply> {
    const { settings } = this.ctx;
    await this.assertRegistrationOpen(ip);
    await requireCaptcha(this.ctx, 'register', input, { consume: true });
    const verifyEmail = await settings.get(SETTINGS.security.enable_verify_register_email);
    const award = await settings.get(SETTINGS.score.register);
    // cheap refusals before the costly hash; checked again in the transaction
    await this.assertUsernameFree(input.username);
    if (await this.repo.emailTaken(input.email)) throw conflict(EMAIL_TAKEN);
    const passwordHash = await hashPassword(input.password);

    try {
      const user = await this.ctx.db.transaction().execute(async (trx) => {
        if (verifyEmail) await consumeRegisterCode(trx, input.email, input.code);
        await this.assertUsernameFree(input.username, trx);
        if (await this.repo.emailTaken(input.email, 0, trx)) throw conflict(EMAIL_TAKEN);
        const created = await this.createMember(trx, { username: input.username, passwordHash, email: input.email, ip }, award);
        if (andThen) await andThen(trx, created);
        return created;
      });
      await this.ctx.events.publish({ kind: 'user', ids: [user.id], change: 'saved' });
      return this.authReply(user);
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(USERNAME_TAKEN);
      throw err;
    }
  }

  /**
   * A self-registered account (e-mail, mobile or third-party sign-up) in the default group, with
   * the registration award; inside the caller's transaction. Counts as the first login.
   */
  async createMember(trx: Kysely<DB>, account: Omit<NewAccount, 'loggedIn'>, award: number): Promise<UserRow> {
    // counted again under the address's lock: sign-ups arriving at once on several instances
    // cannot all pass the hourly limit
    if (account.ip) {
      await this.repo.lockRegistrationsFrom(trx, account.ip);
      await this.assertUnderHourlyLimit(account.ip, trx);
    }
    const group = await this.ctx.repos.membership.defaultGroup(trx);
    if (!group) throw internal('系统未设置默认用户组，请联系管理员');
    const created = await this.repo.create(trx, { ...account, loggedIn: true }, [group.id]);
    if (award)
      await changeCredit(trx, {
        userId: created.id,
        amount: award,
        reason: '注册奖励',
        refType: 'register',
        refId: created.id,
      });
    return (await this.repo.byId(created.id, trx))!;
  }

  /** Refusals shared by every way of signing up: closed registration, closed site, too many from one address. */
  async assertRegistrationOpen(ip: string): Promise<void> {
    const { settings } = this.ctx;
    if (!(await settings.get(SETTINGS.security.enable_register))) throw badRequest('系统未开放注册');
    if (await settings.get(SETTINGS.security.is_close)) throw badRequest('网站已关闭，暂不开放注册');
    await this.assertUnderHourlyLimit(ip);
  }

  private async assertUnderHourlyLimit(ip: string, db?: Kysely<DB>): Promise<void> {
    const hourAgo = new Date(Date.now() - 3600_000).toISOString();
    if ((await this.repo.registrationsFrom(ip, hourAgo, db)) >= this.ctx.config.registerPerIpHour) {
      throw new ApiError(Code.ResourceExhausted, REGISTER_TOO_OFTEN);
    }
  }

  /** 409 when the name exists in any case or width, or looks like an existing one. */
  async assertUsernameFree(username: string, db?: Kysely<DB>): Promise<void> {
    const clash = await this.repo.usernameClash(username, db);
    if (clash) throw conflict(clash === 'taken' ? USERNAME_TAKEN : USERNAME_SIMILAR);
  }

  async login(input: z.output<typeof loginBody>, ip: string): Promise<AuthReply> {
    const failures = this.ctx.repos.loginFailure;
    // user names never contain @ (registration refuses them), so such a login is an e-mail
    const user = input.username.includes('@')
      ? await this.repo.byEmail(input.username.toLowerCase())
      : await this.repo.byLoginName(input.username);
    // one account is one counter however it is typed (name, e-mail, other case)
    const account = user ? `u${user.id}` : `n${foldUsername(input.username)}`;
    const gate = await loginGate(failures, ip, account);
    if (gate.captcha && !(await this.ctx.settings.get(SETTINGS.security.enable_captcha_login)) && !input.captcha_id) {
      throw badRequest(LOGIN_CAPTCHA_REQUIRED);
    }
    await requireCaptcha(this.ctx, 'login', input, { consume: true, force: gate.captcha });
    const ok = user
      ? await verifyPassword(user.password, input.password)
      : await verifyPassword(await guardHash(), input.password);
    if (!user || !ok) {
      await recordLoginFailure(failures, ip, account);
      throw badRequest(BAD_LOGIN);
    }
    await forgiveLoginFailures(failures, ip, account);
    // a hash imported from moredoc is replaced with argon2 now that the password is known
    const rehash = needsRehash(user.password) ? { password: await hashPassword(input.password) } : {};
    await this.repo.update(user.id, { login_at: nowIso(), last_login_ip: ip, ...rehash });
    // the reply shows the previous login (time and address), as moredoc does ("上次登录")
    return this.authReply(user);
  }

  /**
   * Own password with the old one; someone else's only with the permission (checked by the
   * caller). Ends the user's other sessions: all of them, but `keepSession` (the caller's own).
   */
  async changePassword(
    targetId: number,
    newPassword: string,
    opts: { oldPassword?: string; keepSession?: string } = {},
  ): Promise<void> {
    const user = await this.repo.byId(targetId);
    if (!user) throw notFound('用户不存在');
    if (opts.oldPassword !== undefined && !(await verifyPassword(user.password, opts.oldPassword)))
      throw badRequest('原密码不正确');
    await this.repo.setPassword(targetId, await hashPassword(newPassword), { keepSession: opts.keepSession });
  }
}

/** Only the root account itself may change the root account: anything else would be a way to become root. */
export const touchesRoot = (callerId: number, targetId: number) => targetId === ROOT_USER_ID && callerId !== ROOT_USER_ID;
