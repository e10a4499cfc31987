import type { FastifyInstance } from 'fastify';
import { clamp } from '../../http/list.ts';
import { dynamic, dynamicList } from '../../../contract/dynamic.ts';
import { userDynamics } from './dynamic.service.ts';
import { listReply } from '../../../contract/common.ts';
import { apiRoutes } from '../../http/routes.ts';

/** GET /user/dynamic (moredoc's ListUserDynamic): the caller's own activity, newest first. */
export default async function dynamicRoutes(app: FastifyInstance) {
  const api = apiRoutes(app, ['用户']);

  api.get(
    '/user/dynamic',
    {
      summary: '我的动态（注册、上传、下载、评论、收藏、删除文档；新的在前）',
      access: 'login',
      querystring: dynamicList,
      reply: listReply('dynamic', dynamic),
    },
    async (req) => {
      const size = clamp(req.query.size, 10, 100, 10);
      return userDynamics(app.ctx, req.auth.requireLogin(), Math.max(1, req.query.page ?? 1), size);
    },
  );
}
