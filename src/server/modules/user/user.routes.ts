import type { FastifyInstance } from 'fastify';
import { USER_PERMS, userApi } from '../../../contract/user.ts';
import { ROOT_USER_ID, requirePermission } from '../../auth/auth.plugin.ts';
import type { UserUpdate } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { memberArticleStatus } from '../article/article.service.ts';
import { assertCanUpload } from '../document/upload-right.ts';
import { sendRegisterCode } from './email-code.service.ts';
import { revokeToken } from './user.repo.ts';
import { ROOT_PROTECTED, UserService, touchesRoot } from './user.service.ts';
import { privateUser, publicProfile, toGroupInfo } from './user.view.ts';
import { guestLimit, serviceRoutes } from '../../http/routes.ts';

const PROFILE_FIELDS = ['mobile', 'email', 'address', 'signature', 'avatar', 'realname', 'identity'] as const;

export default async function userRoutes(app: FastifyInstance) {
  const svc = new UserService(app.ctx);
  const repo = svc.repo;
  const { calls } = userApi;
  const api = serviceRoutes(app, userApi);

  // accounts per address and hour are limited in the service (counted in the database)
  api.handle(calls.register, async (req) => svc.register(req.body, req.auth.ip), { whileDisabled: true });

  // guessing is throttled per account, address and site in the service (login-throttle.ts)
  api.handle(calls.login, async (req) => svc.login(req.body, req.auth.ip), { whileDisabled: true });

  api.handle(
    calls.logout,
    async (req) => {
      const { tokenUuid, tokenExp, userId } = req.auth;
      if (tokenUuid) await revokeToken(app.ctx.db, tokenUuid, userId, tokenExp);
      return {};
    },
    { whileDisabled: true },
  );

  api.handle(calls.get, async (req) => {
    const me = req.auth.userId;
    const id = req.query.id || me;
    if (!id) throw badRequest('ID错误');
    const row = await repo.byId(id);
    if (!row) throw notFound('用户不存在');
    const holder = await req.auth.can(USER_PERMS.get.path);
    // moredoc Pro: is_vip drives the avatar badge, shown on public profiles too
    const vip = (await app.ctx.repos.vip.isVip(id)) ? { is_vip: true } : {};
    return { ...(id === me || holder ? privateUser(row, holder) : publicProfile(row)), ...vip };
  });

  api.handle(calls.updatePassword, async (req) => {
    const me = req.auth.requireLogin();
    const target = req.body.id || me;
    if (target === me) {
      // the session that changed the password stays; the others (maybe a thief's) end
      await svc.changePassword(me, req.body.new_password, {
        oldPassword: req.body.old_password,
        keepSession: req.auth.tokenUuid,
      });
    } else {
      await requirePermission(req, USER_PERMS.updatePassword);
      if (touchesRoot(me, target)) throw forbidden(ROOT_PROTECTED);
      await svc.changePassword(target, req.body.new_password);
    }
    return {};
  });

  api.handle(calls.updateProfile, async (req) => {
    const me = req.auth.requireLogin();
    const holder = await req.auth.can(USER_PERMS.updateProfile.path);
    const target = holder && req.body.id ? req.body.id : me;
    if (touchesRoot(me, target)) throw forbidden(ROOT_PROTECTED);
    if (!(await repo.byId(target))) throw notFound('用户不存在');
    const b = req.body;
    // moredoc allowed two accounts on one address; then password reset cannot tell them apart
    if (b.email && (await repo.emailTaken(b.email, target))) throw conflict('该邮箱已被其他账号使用');
    // a number signs in by SMS, so it must point at one account
    if (b.mobile && (await repo.mobileTaken(b.mobile, target))) throw conflict('该手机号已被其他账号使用');
    const patch: UserUpdate = {};
    for (const f of PROFILE_FIELDS) if (b[f] !== undefined) patch[f] = b[f];
    if (holder && b.remark !== undefined) patch.remark = b.remark;
    await repo.update(target, patch);
    await app.ctx.events.publish({ kind: 'user', ids: [target], change: 'saved' });
    return {};
  });

  api.handle(calls.permissions, async (req) => {
    const me = req.auth.requireLogin();
    const rows = await app.ctx.repos.membership.permissionsOf(me, me === ROOT_USER_ID);
    return { permission: rows.map(({ id, method, path, title }) => ({ id, method, path, title })) };
  });

  api.handle(calls.groups, async (req) => ({
    group: (await app.ctx.repos.membership.groupsOf(req.auth.requireLogin())).map(toGroupInfo),
  }));

  // active punishments deny too: 1 (account disabled) with 3 (no upload) or 6 (no articles)
  api.handle(calls.canUploadDocument, async (req) => {
    // the same rule the upload route applies, so the answer never disagrees with an upload
    await assertCanUpload(app.ctx.db, req.auth.requireLogin());
    return {};
  });

  api.handle(calls.canPublishArticle, async (req) => {
    // the same rule publishing applies, so the answer never disagrees with a new article
    await memberArticleStatus(app.ctx.db, req.auth.requireLogin());
    return {};
  });

  api.handle(
    calls.sendEmailCode,
    async (req) => {
      await sendRegisterCode(app.ctx, req.body, req.auth.ip);
      return {};
    },
    guestLimit(5),
  );
}
