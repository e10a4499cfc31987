import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ROOT_USER_ID } from '../../auth/auth.plugin.ts';
import { badRequest, forbidden } from '../../http/errors.ts';
import { emptyReply } from '../../../contract/common.ts';
import {
  configList,
  configListReply,
  configUpdate,
  release,
  releaseIgnore,
  releaseSource,
  settings,
} from '../../../contract/config.ts';
import { toConfigItem } from './config.repo.ts';
import { updateConfig } from './config.service.ts';
import { currentRelease, isAdmin } from './release.service.ts';
import { buildSettings } from './settings.service.ts';
import { apiRoutes } from '../../http/routes.ts';
import { optionValues, SETTINGS } from '../../../domain/settings/index.ts';

export default async function configRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const api = apiRoutes(app, ['系统配置'], 'ConfigAPI');

  const requireAdmin = async (req: FastifyRequest) => {
    const userId = req.auth.requireLogin();
    if (!(await isAdmin(ctx.db, userId))) throw forbidden('您没有权限访问版本信息');
  };

  api.get(
    '/settings',
    {
      summary: '站点公开设置（system、footer、security、display、language，以及 vip、oauth 开关）',
      access: 'public',
      reply: settings,
    },
    async () => buildSettings(ctx.db, ctx.settings),
  );

  api.put(
    '/config',
    {
      summary: '保存系统配置（按 id 只更新 value；****** 表示保留原值；保存邮件配置时发送测试邮件）',
      access: api.rpc('UpdateConfig', '更新系统配置'),
      body: configUpdate,
      reply: emptyReply,
    },
    async (req) => {
      await updateConfig(ctx, req.body.config);
      return {};
    },
  );

  api.get(
    '/config/list',
    {
      summary: '按分类获取配置项（密钥类配置以 ****** 返回）',
      access: api.rpc('ListConfig', '获取系统配置列表'),
      querystring: configList,
      reply: configListReply,
    },
    async (req) => {
      const categories = [...new Set((req.query.category ?? []).map((c) => c.trim()).filter(Boolean))];
      if (!categories.length) return {};
      return { config: (await ctx.repos.config.byCategories(categories)).map(toConfigItem) };
    },
  );

  api.put(
    '/sitemap',
    { summary: '重新生成站点地图（随站点重新构建）', access: api.rpc('UpdateSitemap', '更新站点地图sitemap'), reply: emptyReply },
    async () => {
      await ctx.events.publish({ kind: 'shared', what: 'sitemap' });
      return {};
    },
  );

  api.put(
    '/sqlmode',
    {
      summary: '修正 MySQL 的 SQL 模式（仅超级管理员；Wenku 使用 SQLite/PostgreSQL，无需处理）',
      access: 'login',
      reply: emptyReply,
    },
    async (req) => {
      if (req.auth.userId !== ROOT_USER_ID) throw forbidden('只有超级管理员可以执行此操作');
      return {};
    },
  );

  api.get(
    '/release',
    { summary: '版本信息（离线产品：不联网检测，返回当前版本与已保存的版本配置）', access: 'login', reply: release },
    async (req) => {
      await requireAdmin(req);
      return currentRelease(ctx.settings);
    },
  );

  api.post(
    '/release',
    {
      summary: '刷新版本信息（moredoc 会联网检测；Wenku 不联网，返回当前版本与已保存的版本配置）',
      access: 'login',
      reply: release,
    },
    async (req) => {
      await requireAdmin(req);
      const source = await ctx.settings.get(SETTINGS.release.source);
      // moredoc refuses a refresh when checking is switched off
      if (!source || source === 'none') throw badRequest('版本检测已关闭，请先设置版本检测来源');
      return currentRelease(ctx.settings);
    },
  );

  api.put(
    '/release/ignore',
    { summary: '忽略某个版本的升级提示', access: 'login', body: releaseIgnore, reply: emptyReply },
    async (req) => {
      await requireAdmin(req);
      await ctx.repos.config.set(SETTINGS.release.ignore, req.body.tag_name);
      ctx.settings.invalidate();
      return {};
    },
  );

  api.put(
    '/release/source',
    { summary: '设置版本检测来源', access: 'login', body: releaseSource, reply: emptyReply },
    async (req) => {
      await requireAdmin(req);
      const allowed = optionValues(SETTINGS.release.source.options);
      if (!allowed.includes(req.body.source)) throw badRequest(`版本检测来源只能是：${allowed.join('、')}`);
      await ctx.repos.config.set(SETTINGS.release.source, req.body.source);
      ctx.settings.invalidate();
      return {};
    },
  );
}
