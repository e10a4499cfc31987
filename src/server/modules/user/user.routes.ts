import type { FastifyInstance } from 'fastify';
import {
  authReply,
  getUserQuery,
  groupInfo,
  loginBody,
  registerBody,
  sendEmailCodeBody,
  updatePasswordBody,
  updateProfileBody,
  user,
  userPermission,
} from '../../../contract/user.ts';
import { ROOT_USER_ID, requirePermission } from '../../auth/auth.plugin.ts';
import type { UserUpdate } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { assertNotPunished, PUNISHMENT } from '../punishment/punishment.service.ts';
import { assertCanUpload } from '../document/upload-right.ts';
import { sendRegisterCode } from './email-code.service.ts';
import { USER_PERMS } from './user.permissions.ts';
import { revokeToken } from './user.repo.ts';
import { ROOT_PROTECTED, UserService, touchesRoot } from './user.service.ts';
import { privateUser, publicProfile, toGroupInfo } from './user.view.ts';
import { emptyReply, itemsReply } from '../../../contract/common.ts';
import { apiRoutes, guestWrite } from '../../http/routes.ts';

const PROFILE_FIELDS = ['mobile', 'email', 'address', 'signature', 'avatar', 'realname', 'identity'] as const;

export default async function userRoutes(app: FastifyInstance) {
  const svc = new UserService(app.ctx);
  const repo = svc.repo;
  const api = apiRoutes(app, ['用户']);
  // checked inside handlers (owner or holder), so the registry would not see them from a route
  for (const p of [USER_PERMS.get, USER_PERMS.updatePassword, USER_PERMS.updateProfile]) app.ctx.permissions.declare(p);

  // accounts per address and hour are limited in the service (counted in the database)
  api.post(
    '/user/register',
    { summary: '用户注册', access: 'public', body: registerBody, reply: authReply, whileDisabled: true },
    async (req) => svc.register(req.body, req.auth.ip),
  );

  // guessing is throttled per account, address and site in the service (login-throttle.ts)
  api.post(
    '/user/login',
    { summary: '用户登录（用户名或邮箱）', access: 'public', body: loginBody, reply: authReply, whileDisabled: true },
    async (req) => svc.login(req.body, req.auth.ip),
  );

  api.delete(
    '/user/logout',
    { summary: '退出登录（令牌随即失效）', access: 'public', reply: emptyReply, whileDisabled: true },
    async (req) => {
      const { tokenUuid, tokenExp, userId } = req.auth;
      if (tokenUuid) await revokeToken(app.ctx.db, tokenUuid, userId, tokenExp);
      return {};
    },
  );

  api.get(
    '/user',
    { summary: '查询用户（不传 id 为当前用户）', access: 'public', querystring: getUserQuery, reply: user },
    async (req) => {
      const me = req.auth.userId;
      const id = req.query.id || me;
      if (!id) throw badRequest('ID错误');
      const row = await repo.byId(id);
      if (!row) throw notFound('用户不存在');
      const holder = await req.auth.can(USER_PERMS.get.path);
      // moredoc Pro: is_vip drives the avatar badge, shown on public profiles too
      const vip = (await app.ctx.repos.vip.isVip(id)) ? { is_vip: true } : {};
      return { ...(id === me || holder ? privateUser(row, holder) : publicProfile(row)), ...vip };
    },
  );

  api.put(
    '/user/password',
    {
      summary: '修改密码（他人密码需要权限；其他登录会话随即失效）',
      access: 'login',
      body: updatePasswordBody,
      reply: emptyReply,
    },
    async (req) => {
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
    },
  );

  api.put(
    '/user/profile',
    { summary: '更新用户资料（只改传入的字段）', access: 'login', body: updateProfileBody, reply: emptyReply },
    async (req) => {
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
    },
  );

  api.get(
    '/user/permission',
    { summary: '当前用户的权限列表', access: 'login', reply: itemsReply('permission', userPermission) },
    async (req) => {
      const me = req.auth.requireLogin();
      const rows = await repo.permissionsOf(me, me === ROOT_USER_ID);
      return { permission: rows.map(({ id, method, path, title }) => ({ id, method, path, title })) };
    },
  );

  api.get(
    '/user/group',
    { summary: '当前用户所在的用户组', access: 'login', reply: itemsReply('group', groupInfo) },
    async (req) => ({ group: (await repo.groupsOf(req.auth.requireLogin())).map(toGroupInfo) }),
  );

  // active punishments deny too: 1 (account disabled) with 3 (no upload) or 6 (no articles)
  api.get(
    '/user/caniuploaddocument',
    { summary: '当前用户是否可以上传文档', access: 'login', reply: emptyReply },
    async (req) => {
      // the same rule the upload route applies, so the answer never disagrees with an upload
      await assertCanUpload(app.ctx.db, req.auth.requireLogin());
      return {};
    },
  );

  api.get(
    '/user/canipublisharticle',
    { summary: '当前用户是否可以发布文章', access: 'login', reply: emptyReply },
    async (req) => {
      const groups = await repo.groupsOf(req.auth.requireLogin());
      if (!groups.some((g) => g.enable_article)) throw forbidden('您没有发布文章的权限');
      await assertNotPunished(app.ctx.db, req.auth.userId, [PUNISHMENT.disabled, PUNISHMENT.noArticle], '您已被禁止发布文章');
      return {};
    },
  );

  api.post(
    '/user/email/code',
    { summary: '发送注册邮箱验证码', ...guestWrite(5), body: sendEmailCodeBody, reply: emptyReply },
    async (req) => {
      await sendRegisterCode(app.ctx, req.body, req.auth.ip);
      return {};
    },
  );
}
