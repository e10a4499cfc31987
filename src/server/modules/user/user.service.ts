import type { z } from 'zod';
import type { AuthReply, loginBody, registerBody } from '../../../contract/user.ts';
import { ROOT_USER_ID, userHasPermission } from '../../auth/auth.plugin.ts';
import { hashPassword, needsRehash, verifyPassword } from '../../auth/password.ts';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../db/dialect.ts';
import type { UserRow } from '../../db/schema.ts';
import { badRequest, conflict, internal, notFound } from '../../http/errors.ts';
import { requireCaptcha } from '../captcha/captcha.service.ts';
import { changeCredit } from '../credit/credit.ledger.ts';
import { consumeRegisterCode } from './email-code.service.ts';
import { USER_PERMS } from './user.permissions.ts';
import { UserRepo } from './user.repo.ts';
import { privateUser } from './user.view.ts';

export const BAD_LOGIN = '用户名或密码错误';
export const USERNAME_TAKEN = '用户名已存在';
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
    this.repo = new UserRepo(ctx.db);
  }

  /** The reply of register and login; the admin note only for those who may read it anyway. */
  async authReply(user: UserRow): Promise<AuthReply> {
    const { token } = await this.ctx.tokens.issue(user.id);
    const withRemark = await userHasPermission(this.ctx.db, user.id, USER_PERMS.get.path);
    return { token, user: privateUser(user, withRemark) };
  }

  async register(input: z.output<typeof registerBody>, ip: string): Promise<AuthReply> {
    const { settings } = this.ctx;
    if (!(await settings.bool('security', 'enable_register'))) throw badRequest('系统未开放注册');
    if (await settings.bool('security', 'is_close')) throw badRequest('网站已关闭，暂不开放注册');
    await requireCaptcha(this.ctx, 'register', input, { consume: true });
    const verifyEmail = await settings.bool('security', 'enable_verify_register_email');
    const award = await settings.num('score', 'register', 0);
    const passwordHash = await hashPassword(input.password);

    try {
      const user = await this.ctx.db.transaction().execute(async (trx) => {
        if (verifyEmail) await consumeRegisterCode(trx, input.email, input.code);
        if (await this.repo.byUsername(input.username, trx)) throw conflict(USERNAME_TAKEN);
        if (await this.repo.emailTaken(input.email, 0, trx)) throw conflict(EMAIL_TAKEN);
        const group = await this.repo.defaultGroup(trx);
        if (!group) throw internal('系统未设置默认用户组，请联系管理员');
        const created = await this.repo.create(trx, { username: input.username, passwordHash, email: input.email, ip, loggedIn: true }, [group.id]);
        if (award) await changeCredit(trx, { userId: created.id, amount: award, reason: '注册奖励', refType: 'register', refId: created.id });
        return (await this.repo.byId(created.id, trx))!;
      });
      return this.authReply(user);
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(USERNAME_TAKEN);
      throw err;
    }
  }

  async login(input: z.output<typeof loginBody>, ip: string): Promise<AuthReply> {
    await requireCaptcha(this.ctx, 'login', input, { consume: true });
    // user names never contain @ (registration refuses them), so such a login is an e-mail
    const user = input.username.includes('@')
      ? await this.repo.byEmail(input.username.toLowerCase())
      : await this.repo.byUsername(input.username);
    if (!user) {
      await verifyPassword(await guardHash(), input.password);
      throw badRequest(BAD_LOGIN);
    }
    if (!(await verifyPassword(user.password, input.password))) throw badRequest(BAD_LOGIN);
    const rehash = needsRehash(user.password) ? { password: await hashPassword(input.password) } : {};
    await this.repo.update(user.id, { login_at: nowIso(), last_login_ip: ip, ...rehash });
    // the reply shows the previous login (time and address), as moredoc does ("上次登录")
    return this.authReply(user);
  }

  /** Own password with the old one; someone else's only with the permission (checked by the caller). */
  async changePassword(targetId: number, newPassword: string, oldPassword?: string): Promise<void> {
    const user = await this.repo.byId(targetId);
    if (!user) throw notFound('用户不存在');
    if (oldPassword !== undefined && !(await verifyPassword(user.password, oldPassword))) throw badRequest('原密码不正确');
    await this.repo.update(targetId, { password: await hashPassword(newPassword) });
  }
}

/** Only the root account itself may change the root account: anything else would be a way to become root. */
export const touchesRoot = (callerId: number, targetId: number) => targetId === ROOT_USER_ID && callerId !== ROOT_USER_ID;
