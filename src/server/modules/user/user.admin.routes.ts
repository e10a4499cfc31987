import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { USER_PERMS, type listUserQuery } from '../../../contract/user.ts';
import { userAdminApi } from '../../../contract/user-admin.ts';
import { ROOT_USER_ID } from '../../auth/auth.plugin.ts';
import { hashPassword, verifyPassword } from '../../auth/password.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { clamp, parseOrder } from '../../http/list.ts';
import { EMAIL_TAKEN, ROOT_PROTECTED, USERNAME_TAKEN, UserService, isUniqueViolation, touchesRoot } from './user.service.ts';
import { PUBLIC_PROFILE_COLUMNS, privateUser, publicProfile } from './user.view.ts';
import { serviceRoutes } from '../../http/routes.ts';

/** Largest page of the user list for visitors (holders of 查看用户列表 get up to 1000). */
export const PUBLIC_PAGE_MAX = 100;

/** moredoc's user paging: `limit` asks for the first ones (and skips the count, as an id lookup does), else page and size. */
function paging(q: z.infer<typeof listUserQuery>, max: number) {
  const limited = Boolean(q.limit && q.limit > 0);
  return {
    page: limited ? 1 : (q.page ?? 1),
    size: limited ? clamp(q.limit, 1, max, 10) : clamp(q.size, 10, max, 10),
    withTotal: !limited && !q.id?.length,
  };
}

/** Back-office user management (contract §2.1 DeleteUser, AddUser, SetUser, ListUser). */
export default async function userAdminRoutes(app: FastifyInstance) {
  const svc = new UserService(app.ctx);
  const repo = svc.repo;
  const memberships = app.ctx.repos.membership;
  const { calls } = userAdminApi;
  const api = serviceRoutes(app, userAdminApi);

  async function requireGroups(ids: number[]): Promise<void> {
    const found = await memberships.existingGroupIds(ids);
    if (ids.some((id) => !found.includes(id))) throw badRequest('用户组不存在');
  }

  api.handle(calls.delete, async (req) => {
    if (!req.query.id?.length) throw badRequest('请选择要删除的用户');
    const caller = await req.auth.user();
    if (!caller || !(await verifyPassword(caller.password, req.query.password))) throw badRequest('密码错误');
    // the root account is never deleted; asking for it is not an error (moredoc)
    const ids = req.query.id.filter((id) => id !== ROOT_USER_ID);
    const targets = await repo.withContentCounts(ids);
    const busy = targets.find((u) => u.doc_count > 0 || u.article_count > 0);
    if (busy) throw badRequest(`用户「${busy.username}」还有文档或文章，请先删除或转移后再删除该用户`);
    await repo.delete(targets.map((u) => u.id));
    await app.ctx.events.publish({ kind: 'user', ids: targets.map((u) => u.id), change: 'removed' });
    return {};
  });

  api.handle(calls.add, async (req) => {
    const b = req.body;
    await svc.assertUsernameFree(b.username);
    if (await repo.emailTaken(b.email)) throw conflict(EMAIL_TAKEN);
    await requireGroups(b.group_id);
    const passwordHash = await hashPassword(b.password);
    try {
      await repo.add({ username: b.username, passwordHash, email: b.email }, b.group_id);
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(USERNAME_TAKEN);
      throw err;
    }
    return {};
  });

  api.handle(calls.set, async (req) => {
    const b = req.body;
    if (touchesRoot(req.auth.userId, b.id)) throw forbidden(ROOT_PROTECTED);
    if (!(await repo.byId(b.id))) throw notFound('用户不存在');
    await requireGroups(b.group_id);
    const passwordHash = b.password ? await hashPassword(b.password) : '';
    // an admin reset ends every session of the account (the admin's own one stays)
    const keepSession = b.id === req.auth.userId ? req.auth.tokenUuid : '';
    await repo.setGroupsAndPassword(b.id, b.group_id, passwordHash, keepSession);
    return {};
  });

  api.handle(
    calls.list,
    async (req) => {
      const q = req.query;
      const holder = await req.auth.can(USER_PERMS.list.path);
      if (!holder) return publicList(q);
      const { total, rows } = await repo.list({
        ...paging(q, 1000),
        wd: q.wd,
        order: q.sort || q.order,
        ids: q.id,
        groupIds: q.group_id,
      });
      const groups = await memberships.groupIdsOf(rows.map((u) => u.id));
      return { total, user: rows.map((u) => ({ ...privateUser(u, true), group_id: groups.get(u.id) ?? [] })) };
    },
    { userCache: ['users', 'user_groups'] },
  );

  /**
   * Visitors get what a profile page shows, a page of at most 100: no login times, real names or
   * groups (moredoc gave all of them, 1,000 a page), and no filter or order that would reveal them.
   */
  async function publicList(q: z.infer<typeof listUserQuery>) {
    const order = parseOrder(q.sort || q.order, PUBLIC_PROFILE_COLUMNS)
      .map(([col, dir]) => `${col} ${dir}`)
      .join(',');
    const { total, rows } = await repo.list({ ...paging(q, PUBLIC_PAGE_MAX), order, ids: q.id });
    return { total, user: rows.map(publicProfile) };
  }
}
