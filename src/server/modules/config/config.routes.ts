import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { perm } from '../../auth/access.ts';
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
import { ConfigService } from './config.service.ts';
import { currentRelease, isAdmin } from './release.service.ts';
import { buildSettings } from './settings.service.ts';

export default async function configRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const service = new ConfigService(ctx);
  const tags = ['系统配置'];

  const requireAdmin = async (req: FastifyRequest) => {
    const userId = req.auth.requireLogin();
    if (!(await isAdmin(ctx.db, userId))) throw forbidden('您没有权限访问版本信息');
  };

  r.get(
    '/settings',
    {
      schema: {
        tags,
        summary: '站点公开设置（system、footer、security、display、language，以及 vip、oauth 开关）',
        response: { 200: settings },
      },
      config: { access: 'public' },
    },
    async () => buildSettings(ctx.db, ctx.settings),
  );

  r.put(
    '/config',
    {
      schema: {
        tags,
        summary: '保存系统配置（按 id 只更新 value；****** 表示保留原值；保存邮件配置时发送测试邮件）',
        body: configUpdate,
        response: { 200: emptyReply },
      },
      config: { access: perm('/api.v1.ConfigAPI/UpdateConfig', '更新系统配置') },
    },
    async (req) => {
      await service.update(req.body.config);
      return {};
    },
  );

  r.get(
    '/config/list',
    {
      schema: {
        tags,
        summary: '按分类获取配置项（密钥类配置以 ****** 返回）',
        querystring: configList,
        response: { 200: configListReply },
      },
      config: { access: perm('/api.v1.ConfigAPI/ListConfig', '获取系统配置列表') },
    },
    async (req) => {
      const categories = [...new Set((req.query.category ?? []).map((c) => c.trim()).filter(Boolean))];
      if (!categories.length) return {};
      return { config: (await service.repo.byCategories(categories)).map(toConfigItem) };
    },
  );

  r.put(
    '/sitemap',
    {
      schema: { tags, summary: '重新生成站点地图（随站点重新构建）', response: { 200: emptyReply } },
      config: { access: perm('/api.v1.ConfigAPI/UpdateSitemap', '更新站点地图sitemap') },
    },
    async () => {
      await ctx.events.publish({ kind: 'shared', what: 'sitemap' });
      return {};
    },
  );

  r.put(
    '/sqlmode',
    {
      schema: {
        tags,
        summary: '修正 MySQL 的 SQL 模式（仅超级管理员；Wenku 使用 SQLite/PostgreSQL，无需处理）',
        response: { 200: emptyReply },
      },
      config: { access: 'login' },
    },
    async (req) => {
      if (req.auth.userId !== ROOT_USER_ID) throw forbidden('只有超级管理员可以执行此操作');
      return {};
    },
  );

  r.get(
    '/release',
    {
      schema: { tags, summary: '版本信息（离线产品：不联网检测，返回当前版本与已保存的版本配置）', response: { 200: release } },
      config: { access: 'login' },
    },
    async (req) => {
      await requireAdmin(req);
      return currentRelease(ctx.settings);
    },
  );

  r.post(
    '/release',
    {
      schema: {
        tags,
        summary: '刷新版本信息（moredoc 会联网检测；Wenku 不联网，返回当前版本与已保存的版本配置）',
        response: { 200: release },
      },
      config: { access: 'login' },
    },
    async (req) => {
      await requireAdmin(req);
      const source = await ctx.settings.str('release', 'source');
      // moredoc refuses a refresh when checking is switched off
      if (!source || source === 'none') throw badRequest('版本检测已关闭，请先设置版本检测来源');
      return currentRelease(ctx.settings);
    },
  );

  r.put(
    '/release/ignore',
    {
      schema: { tags, summary: '忽略某个版本的升级提示', body: releaseIgnore, response: { 200: emptyReply } },
      config: { access: 'login' },
    },
    async (req) => {
      await requireAdmin(req);
      await service.repo.set('release', 'ignore', req.body.tag_name);
      ctx.settings.invalidate();
      return {};
    },
  );

  r.put(
    '/release/source',
    {
      schema: { tags, summary: '设置版本检测来源', body: releaseSource, response: { 200: emptyReply } },
      config: { access: 'login' },
    },
    async (req) => {
      await requireAdmin(req);
      const row = (await ctx.settings.all()).find((c) => c.category === 'release' && c.name === 'source');
      const allowed = (row?.options ?? '')
        .split(/\r?\n/)
        .map((l) => l.split(':')[0]?.trim())
        .filter(Boolean);
      if (!allowed.includes(req.body.source)) throw badRequest(`版本检测来源只能是：${allowed.join('、')}`);
      await service.repo.set('release', 'source', req.body.source);
      ctx.settings.invalidate();
      return {};
    },
  );
}
