import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clamp } from '../../http/list.ts';
import { dynamic, dynamicList } from '../../../contract/dynamic.ts';
import { userDynamics } from './dynamic.service.ts';
import { listReply } from '../../../contract/common.ts';

/** GET /user/dynamic (moredoc's ListUserDynamic): the caller's own activity, newest first. */
export default async function dynamicRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/user/dynamic',
    {
      schema: {
        response: { 200: listReply('dynamic', dynamic) },
        tags: ['用户'],
        summary: '我的动态（注册、上传、下载、评论、收藏、删除文档；新的在前）',
        querystring: dynamicList,
      },
      config: { access: 'login' },
    },
    async (req) => {
      const size = clamp(req.query.size, 10, 100, 10);
      return userDynamics(app.ctx, req.auth.requireLogin(), Math.max(1, req.query.page ?? 1), size);
    },
  );
}
