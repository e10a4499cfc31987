import { errorReplies } from '../../../contract/reply.ts';
import type { FastifyInstance } from 'fastify';
import { apiPermission } from '../../auth/access.ts';
import { deviceInfo as deviceReply, envsReply, operationsReply, stats } from '../../../contract/config.ts';
import { deviceInfo } from './device.service.ts';
import { detectTools } from '../../convert/tool-checks.ts';
import { operations } from './operations.service.ts';
import { buildStats } from './stats.service.ts';

const rpc = apiPermission('ConfigAPI');

const STATS_PERMISSION = rpc('GetStats', '查看系统信息');
const ENVS_PERMISSION = rpc('GetEnvs', '获取环境依赖检测');

/** Server information for the admin dashboard. */
export default async function systemRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const tags = ['系统信息'];

  app.get(
    '/stats',
    {
      schema: {
        tags,
        summary: '站点统计（持有【查看系统信息】权限时另含分类、评论、轮播图、友链、举报数与系统、版本、构建信息）',
        response: { 200: stats, ...errorReplies },
      },
      config: { access: 'public' },
    },
    async (req) => buildStats(ctx.db, ctx.settings, await req.auth.can(STATS_PERMISSION.path)),
  );

  app.get(
    '/envs',
    {
      schema: {
        tags,
        summary: '文档转换所需外部程序的检测结果（无权限时返回空对象）',
        response: { 200: envsReply, ...errorReplies },
      },
      config: { access: 'public' },
    },
    async (req) => ((await req.auth.can(ENVS_PERMISSION.path)) ? { envs: await detectTools() } : {}),
  );

  app.get(
    '/device',
    {
      schema: { tags, summary: '服务器硬件信息（CPU、内存、数据目录所在磁盘）', response: { 200: deviceReply, ...errorReplies } },
      config: { access: rpc('GetDeviceInfo', '查看服务器硬件信息') },
    },
    async () => deviceInfo(ctx.config.dataDir),
  );

  app.get(
    '/operations',
    {
      schema: {
        tags,
        summary:
          '运行数据（Wenku）：最近 24 小时每小时的请求数、错误数（5xx）、转换完成与失败数，转换队列，磁盘剩余空间，最近一次备份',
        response: { 200: operationsReply, ...errorReplies },
      },
      config: { access: rpc('GetOperations', '查看运行数据') },
    },
    async () => operations(ctx),
  );

  ctx.permissions.declare(STATS_PERMISSION);
  ctx.permissions.declare(ENVS_PERMISSION);
}
