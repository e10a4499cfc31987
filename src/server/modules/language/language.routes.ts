import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { perm } from '../../auth/access.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import {
  languageDelete,
  languageInput,
  languageList,
  languageListReply,
  languageStatus,
  languageUpdate,
} from '../../../contract/language.ts';
import { emptyReply } from '../../../contract/common.ts';
import { LANGUAGE_COLUMNS, toLanguage } from './language.repo.ts';

export const LANGUAGE_LIST_PERMISSION = perm('/api.v1.LanguageAPI/ListLanguage', '语言管理');

export default async function languageRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = app.ctx.repos.language;
  const tags = ['语言'];
  // enabled languages are part of the public settings baked into the static site
  const changed = () => void app.ctx.events.publish({ kind: 'shared', what: 'language' });

  r.post(
    '/language',
    {
      schema: { response: { 200: emptyReply }, tags, summary: '新增语言（语言代码唯一）', body: languageInput },
      config: { access: perm('/api.v1.LanguageAPI/CreateLanguage', '新增语言') },
    },
    async (req) => {
      if (await repo.byCode(req.body.code)) throw badRequest('语言代码已存在');
      await repo.create(req.body);
      changed();
      return {};
    },
  );

  r.put(
    '/language',
    {
      schema: { response: { 200: emptyReply }, tags, summary: '更新语言（语言代码不可修改）', body: languageUpdate },
      config: { access: perm('/api.v1.LanguageAPI/UpdateLanguage', '更新语言') },
    },
    async (req) => {
      if (!(await repo.get(req.body.id))) throw notFound('语言不存在');
      await repo.update(req.body);
      changed();
      return {};
    },
  );

  r.put(
    '/language/status',
    {
      schema: { response: { 200: emptyReply }, tags, summary: '批量启用或禁用语言', body: languageStatus },
      config: { access: perm('/api.v1.LanguageAPI/UpdateLanguageStatus', '更新语言状态') },
    },
    async (req) => {
      await repo.setEnable([...new Set(req.body.id)], req.body.enable);
      changed();
      return {};
    },
  );

  r.delete(
    '/language',
    {
      schema: { response: { 200: emptyReply }, tags, summary: '删除语言', querystring: languageDelete },
      config: { access: perm('/api.v1.LanguageAPI/DeleteLanguage', '删除语言') },
    },
    async (req) => {
      if (!req.query.id?.length) throw badRequest('请选择要删除的语言');
      await repo.delete(req.query.id);
      changed();
      return {};
    },
  );

  r.get(
    '/language/list',
    {
      schema: {
        response: { 200: languageListReply },
        tags,
        summary: '语言列表（默认第1页、每页10条；未授权时只返回启用的语言）',
        querystring: languageList,
      },
      config: { access: 'public' },
    },
    async (req) => {
      const q = req.query;
      const privileged = await req.auth.can(LANGUAGE_LIST_PERMISSION.path);
      const picked = LANGUAGE_COLUMNS.filter((c) => q.field?.includes(c));
      const { total, rows } = await repo.list({
        ...q,
        wd: privileged ? q.wd : undefined,
        enable: privileged ? q.enable : undefined,
        enabledOnly: !privileged,
        fields: picked.length ? picked : [...LANGUAGE_COLUMNS],
      });
      return { total, language: rows.map(toLanguage) };
    },
  );
  app.ctx.permissions.declare(LANGUAGE_LIST_PERMISSION);
}
