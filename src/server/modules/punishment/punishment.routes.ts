import type { FastifyInstance } from 'fastify';
import { punishmentApi } from '../../../contract/punishment.ts';
import { ROOT_USER_ID } from '../../auth/auth.plugin.ts';
import { tableRoutes } from '../../http/admin-table.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { toPunishment } from './punishment.repo.ts';
import { serviceRoutes } from '../../http/routes.ts';

const FUTURE_ONLY = '截止时间必须晚于当前时间';

export default async function punishmentRoutes(app: FastifyInstance) {
  const repo = app.ctx.repos.punishment;
  const { calls } = punishmentApi;
  const api = serviceRoutes(app, punishmentApi);

  api.handle(calls.create, async (req) => {
    const b = req.body;
    if (b.user_id.includes(ROOT_USER_ID)) throw badRequest('不能处罚超级管理员');
    const users = [...new Set(b.user_id)];
    if ((await repo.existingUserIds(users)).length !== users.length) throw badRequest('要处罚的用户不存在');
    if (b.end_time && b.end_time <= new Date().toISOString()) throw badRequest(FUTURE_ONLY);
    await repo.upsert(req.auth.userId, b);
    return {};
  });

  api.handle(calls.update, async (req) => {
    const current = await repo.get(req.body.id);
    if (!current) throw notFound('处罚记录不存在');
    const end = req.body.end_time;
    // a past end time is accepted only when it is the one already stored (the edit form sends it back)
    if (end && end !== current.end_time && end <= new Date().toISOString()) throw badRequest(FUTURE_ONLY);
    await repo.update(req.auth.userId, current, req.body);
    return {};
  });

  api.handle(calls.cancel, async (req) => {
    if (!(await repo.cancel(req.auth.userId, [...new Set(req.body.id)]))) throw notFound('处罚记录不存在');
    return {};
  });

  const table = tableRoutes(api, { name: '处罚记录' });
  table.get(repo, calls.get, toPunishment);
  table.list(repo, calls.list, 'punishment', toPunishment);
}
