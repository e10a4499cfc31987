import type { FastifyInstance } from 'fastify';
import { deleteHandler, findHandler } from '../../http/crud.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { askedColumns } from '../../http/list.ts';
import { groupApi } from '../../../contract/group.ts';
import { GROUP_COLUMNS, toGroup } from './group.repo.ts';
import { serviceRoutes } from '../../http/routes.ts';

export default async function groupRoutes(app: FastifyInstance) {
  const repo = app.ctx.repos.group;
  const { calls, checks } = groupApi;
  const api = serviceRoutes(app, groupApi);

  api.handle(calls.create, async (req) => {
    if (await repo.byTitle(req.body.title)) throw conflict(`用户组【${req.body.title}】已存在`);
    const row = await repo.create(req.body);
    return toGroup({ ...row, user_count: 0 });
  });

  api.handle(calls.update, async (req) => {
    const { id, ...input } = req.body;
    if (!(await repo.get(id))) throw notFound('用户组不存在');
    const same = await repo.byTitle(input.title);
    if (same && same.id !== id) throw conflict(`用户组【${input.title}】已存在`);
    await repo.update(id, input, (otherDefaults) => {
      if (!input.is_default && otherDefaults === 0) throw badRequest('至少要有一个默认用户组');
    });
    return {};
  });

  api.handle(
    calls.delete,
    deleteHandler('请选择要删除的用户组', async (ids) => {
      const blocked = await repo.blockers(ids);
      const defaults = blocked.filter((g) => g.is_default).map((g) => `【${g.title}】`);
      if (defaults.length) throw badRequest(`默认用户组${defaults.join('')}不能删除`);
      if (blocked.length) throw badRequest(`用户组${blocked.map((g) => `【${g.title}】`).join('')}下还有用户，不能删除`);
      await repo.delete(ids);
    }),
  );

  api.handle(calls.get, findHandler(repo, toGroup));

  api.handle(calls.list, async (req) => {
    const q = req.query;
    const wd = q.wd && (await req.auth.can(checks.list.path)) ? q.wd : undefined;
    const { total, rows } = await repo.list({ page: q.page, size: q.size, wd, fields: askedColumns(GROUP_COLUMNS, q.field) });
    return { total, group: rows.map(toGroup) };
  });

  api.handle(calls.getPermission, async (req) => {
    if (!(await repo.get(req.query.id))) throw notFound('用户组不存在');
    return { permission_id: await repo.permissionIds(req.query.id) };
  });

  api.handle(calls.updatePermission, async (req) => {
    const { group_id } = req.body;
    if (!(await repo.get(group_id))) throw notFound('用户组不存在');
    const wanted = [...new Set(req.body.permission_id.filter((id) => id > 0))];
    const existing = await repo.existingPermissionIds(wanted);
    const missing = wanted.filter((id) => !existing.has(id));
    if (missing.length) throw badRequest(`权限不存在：${missing.join('、')}`);
    await repo.setPermissions(group_id, wanted);
    return {};
  });
}
