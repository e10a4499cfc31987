import type { FastifyInstance } from 'fastify';
import { clamp } from '../../http/list.ts';
import { dynamicApi } from '../../../contract/dynamic.ts';
import { userDynamics } from './dynamic.service.ts';
import { serviceRoutes } from '../../http/routes.ts';

/** GET /user/dynamic (moredoc's ListUserDynamic): the caller's own activity, newest first. */
export default async function dynamicRoutes(app: FastifyInstance) {
  const api = serviceRoutes(app, dynamicApi);

  api.handle(dynamicApi.calls.list, async (req) => {
    const size = clamp(req.query.size, 10, 100, 10);
    return userDynamics(app.ctx, req.auth.requireLogin(), Math.max(1, req.query.page ?? 1), size);
  });
}
