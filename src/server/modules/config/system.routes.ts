import type { FastifyInstance } from 'fastify';
import { systemApi } from '../../../contract/system.ts';
import { deviceInfo } from './device.service.ts';
import { detectTools } from '../../convert/tool-checks.ts';
import { operations } from './operations.service.ts';
import { buildStats } from './stats.service.ts';
import { serviceRoutes } from '../../http/routes.ts';

/** Server information for the admin dashboard. */
export default async function systemRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const { calls, checks } = systemApi;
  const api = serviceRoutes(app, systemApi);

  api.handle(calls.stats, async (req) => buildStats(ctx.db, ctx.settings, await req.auth.can(checks.stats.path)));
  api.handle(calls.envs, async (req) => ((await req.auth.can(checks.envs.path)) ? { envs: await detectTools() } : {}));
  api.handle(calls.device, async () => deviceInfo(ctx.config.dataDir));
  api.handle(calls.operations, async () => operations(ctx));
}
