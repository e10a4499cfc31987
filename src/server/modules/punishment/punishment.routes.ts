import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  punishment,
  punishmentCancel,
  punishmentCreate,
  punishmentGet,
  punishmentList,
  punishmentListReply,
  punishmentUpdate,
} from '../../../contract/punishment.ts';
import { perm } from '../../auth/access.ts';
import { ROOT_USER_ID } from '../../auth/auth.plugin.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { emptyReply } from '../../../contract/common.ts';
import { toPunishment } from './punishment.repo.ts';

const P = '/api.v1.PunishmentAPI';
const FUTURE_ONLY = '截止时间必须晚于当前时间';

export default async function punishmentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = app.ctx.repos.punishment;
  const tags = ['用户处罚'];

  r.post(
    '/punishment',
    {
      schema: {
        response: { 200: emptyReply },
        tags,
        summary: '添加用户处罚（每个用户每种类型一条，已有的会被更新）',
        body: punishmentCreate,
      },
      config: { access: perm(`${P}/CreatePunishment`, '添加用户处罚') },
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

  r.put(
    '/punishment',
    {
      schema: {
        response: { 200: emptyReply },
        tags,
        summary: '更新用户处罚（用户与类型不变，其余字段整体覆盖）',
        body: punishmentUpdate,
      },
      config: { access: perm(`${P}/UpdatePunishment`, '更新用户处罚') },
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

  r.put(
    '/punishment/cancel',
    {
      schema: { response: { 200: emptyReply }, tags, summary: '取消用户处罚', body: punishmentCancel },
      config: { access: perm(`${P}/CancelPunishment`, '取消用户处罚') },
    },
    async (req) => {
      if (!(await repo.cancel(req.auth.userId, [...new Set(req.body.id)]))) throw notFound('处罚记录不存在');
      return {};
    },
  );

  r.get(
    '/punishment',
    {
      schema: { response: { 200: punishment }, tags, summary: '获取单个处罚信息', querystring: punishmentGet },
      config: { access: perm(`${P}/GetPunishment`, '获取单个处罚信息') },
    },
    async (req) => {
      const row = req.query.id ? await repo.get(req.query.id) : undefined;
      if (!row) throw notFound('处罚记录不存在');
      return toPunishment(row);
    },
  );

  r.get(
    '/punishment/list',
    {
      schema: { response: { 200: punishmentListReply }, tags, summary: '用户处罚列表', querystring: punishmentList },
      config: { access: perm(`${P}/ListPunishment`, '获取用户处罚列表') },
    },
    async (req) => {
      const { total, rows } = await repo.list(req.query);
      return { total, punishment: rows.map(toPunishment) };
    },
  );
}
