import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ROOT_USER_ID } from '../../auth/auth.plugin.ts';
import { badRequest, forbidden } from '../../http/errors.ts';
import { configApi } from '../../../contract/config.ts';
import { toConfigItem } from './config.repo.ts';
import { updateConfig } from './config.service.ts';
import { currentRelease, isAdmin } from './release.service.ts';
import { buildSettings } from './settings.service.ts';
import { serviceRoutes } from '../../http/routes.ts';
import { optionValues, SETTINGS } from '../../../domain/settings/index.ts';

export default async function configRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const { calls } = configApi;
  const api = serviceRoutes(app, configApi);

  const requireAdmin = async (req: FastifyRequest) => {
    const userId = req.auth.requireLogin();
    if (!(await isAdmin(ctx.db, userId))) throw forbidden('您没有权限访问版本信息');
  };

  api.handle(calls.settings, async () => buildSettings(ctx.db, ctx.settings));

  api.handle(calls.update, async (req) => {
    await updateConfig(ctx, req.body.config);
    return {};
  });

  api.handle(calls.list, async (req) => {
    const categories = [...new Set((req.query.category ?? []).map((c) => c.trim()).filter(Boolean))];
    if (!categories.length) return {};
    return { config: (await ctx.repos.config.byCategories(categories)).map(toConfigItem) };
  });

  api.handle(calls.sitemap, async () => {
    await ctx.events.publish({ kind: 'shared', what: 'sitemap' });
    return {};
  });

  api.handle(calls.sqlMode, async (req) => {
    if (req.auth.userId !== ROOT_USER_ID) throw forbidden('只有超级管理员可以执行此操作');
    return {};
  });

  api.handle(calls.release, async (req) => {
    await requireAdmin(req);
    return currentRelease(ctx.settings);
  });

  api.handle(calls.checkRelease, async (req) => {
    await requireAdmin(req);
    const source = await ctx.settings.get(SETTINGS.release.source);
    // moredoc refuses a refresh when checking is switched off
    if (!source || source === 'none') throw badRequest('版本检测已关闭，请先设置版本检测来源');
    return currentRelease(ctx.settings);
  });

  api.handle(calls.ignoreRelease, async (req) => {
    await requireAdmin(req);
    await ctx.repos.config.set(SETTINGS.release.ignore, req.body.tag_name);
    ctx.settings.invalidate();
    return {};
  });

  api.handle(calls.releaseSource, async (req) => {
    await requireAdmin(req);
    const allowed = optionValues(SETTINGS.release.source.options);
    if (!allowed.includes(req.body.source)) throw badRequest(`版本检测来源只能是：${allowed.join('、')}`);
    await ctx.repos.config.set(SETTINGS.release.source, req.body.source);
    ctx.settings.invalidate();
    return {};
  });
}
