import type { FastifyInstance } from 'fastify';
import { adminTable } from '../../http/admin-table.ts';
import { deleteHandler } from '../../http/crud.ts';
import { badRequest } from '../../http/errors.ts';
import { enabledUnless } from '../../http/list.ts';
import * as wire from '../../../contract/language.ts';
import { emptyReply } from '../../../contract/common.ts';
import { LANGUAGE_COLUMNS, toLanguage } from './language.repo.ts';
import { apiRoutes } from '../../http/routes.ts';

export default async function languageRoutes(app: FastifyInstance) {
  const repo = app.ctx.repos.language;
  const api = apiRoutes(app, ['语言'], 'LanguageAPI');
  const listPermission = api.checked('ListLanguage', '语言管理');
  // enabled languages are part of the public settings baked into the static site
  const changed = () => void app.ctx.events.publish({ kind: 'shared', what: 'language' });
  const table = adminTable(api, { url: '/language', entity: 'Language', name: '语言', changed });

  api.post(
    '/language',
    {
      summary: '新增语言（语言代码唯一）',
      access: api.rpc('CreateLanguage', '新增语言'),
      body: wire.languageInput,
      reply: emptyReply,
    },
    async (req) => {
      if (await repo.byCode(req.body.code)) throw badRequest('语言代码已存在');
      await repo.create(req.body);
      changed();
      return {};
    },
  );

  table.update(repo, { title: '更新语言', summary: '更新语言（语言代码不可修改）', body: wire.languageUpdate });

  api.put(
    '/language/status',
    {
      summary: '批量启用或禁用语言',
      access: api.rpc('UpdateLanguageStatus', '更新语言状态'),
      body: wire.languageStatus,
      reply: emptyReply,
    },
    async (req) => {
      await repo.setEnable([...new Set(req.body.id)], req.body.enable);
      changed();
      return {};
    },
  );

  api.delete(
    '/language',
    { summary: '删除语言', access: api.rpc('DeleteLanguage', '删除语言'), querystring: wire.languageDelete, reply: emptyReply },
    deleteHandler('请选择要删除的语言', async (ids) => {
      await repo.delete(ids);
      changed();
    }),
  );

  api.get(
    '/language/list',
    {
      summary: '语言列表（默认第1页、每页10条；未授权时只返回启用的语言）',
      access: 'public',
      querystring: wire.languageList,
      reply: wire.languageListReply,
    },
    async (req) => {
      const privileged = await req.auth.can(listPermission.path);
      const { total, rows } = await repo.list(enabledUnless(privileged, req.query, LANGUAGE_COLUMNS));
      return { total, language: rows.map(toLanguage) };
    },
  );
}
