import type { FastifyInstance } from 'fastify';
import * as wire from '../../../contract/punishment.ts';
import { ROOT_USER_ID } from '../../auth/auth.plugin.ts';
import { adminTable } from '../../http/admin-table.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { emptyReply } from '../../../contract/common.ts';
import { toPunishment } from './punishment.repo.ts';
import { apiRoutes } from '../../http/routes.ts';

const FUTURE_ONLY = '截止时间必须晚于当前时间';

export default async function punishmentRoutes(app: FastifyInstance) {
  const repo = app.ctx.repos.punishment;
  const api = apiRoutes(app, ['用户处罚'], 'PunishmentAPI');

  api.post(
    '/punishment',
    {
      summary: '添加用户处罚（每个用户每种类型一条，已有的会被更新）',
      access: api.rpc('CreatePunishment', '添加用户处罚'),
      body: wire.punishmentCreate,
      reply: emptyReply,
    },
    async (req) => {
      const b = req.body;
      if (b.user_id.includes(ROOT_USER_ID)) throw badRequest('不能处罚超级管理员');
      const users = [...new Set(b.user_id)];
      if ((await repo.existingUserIds(users)).length !== users.length) throw badRequest('要处罚的用户不存在');
      if (b.end_time && b.end_time <= new Date().toISOString()) throw badRequest(FUTURE_ONLY);
      await repo.upsert(req.auth.userId, b);
      return {};
    },
  );

  api.put(
    '/punishment',
    {
      summary: '更新用户处罚（用户与类型不变，其余字段整体覆盖）',
      access: api.rpc('UpdatePunishment', '更新用户处罚'),
      body: wire.punishmentUpdate,
      reply: emptyReply,
    },
    async (req) => {
      const current = await repo.get(req.body.id);
      if (!current) throw notFound('处罚记录不存在');
      const end = req.body.end_time;
      // a past end time is accepted only when it is the one already stored (the edit form sends it back)
      if (end && end !== current.end_time && end <= new Date().toISOString()) throw badRequest(FUTURE_ONLY);
      await repo.update(req.auth.userId, current, req.body);
      return {};
    },
  );

  api.put(
    '/punishment/cancel',
    {
      summary: '取消用户处罚',
      access: api.rpc('CancelPunishment', '取消用户处罚'),
      body: wire.punishmentCancel,
      reply: emptyReply,
    },
    async (req) => {
      if (!(await repo.cancel(req.auth.userId, [...new Set(req.body.id)]))) throw notFound('处罚记录不存在');
      return {};
    },
  );

  const table = adminTable(api, { url: '/punishment', entity: 'Punishment', name: '处罚记录' });
  table.get(repo, { title: '获取单个处罚信息', querystring: wire.punishmentGet, reply: wire.punishment, show: toPunishment });
  table.list(repo, {
    title: '获取用户处罚列表',
    summary: '用户处罚列表',
    querystring: wire.punishmentList,
    reply: wire.punishmentListReply,
    key: 'punishment',
    show: toPunishment,
  });
}
