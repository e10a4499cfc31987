import type { FastifyInstance } from 'fastify';
import { tableRoutes } from '../../http/admin-table.ts';
import { deleteHandler } from '../../http/crud.ts';
import { badRequest } from '../../http/errors.ts';
import { enabledUnless } from '../../http/list.ts';
import { languageApi } from '../../../contract/language.ts';
import { LANGUAGE_COLUMNS, toLanguage } from './language.repo.ts';
import { serviceRoutes } from '../../http/routes.ts';

export default async function languageRoutes(app: FastifyInstance) {
  const repo = app.ctx.repos.language;
  const { calls, checks } = languageApi;
  const api = serviceRoutes(app, languageApi);
  // enabled languages are part of the public settings baked into the static site
  const changed = () => void app.ctx.events.publish({ kind: 'shared', what: 'language' });
  const table = tableRoutes(api, { name: '语言', changed });

  api.handle(calls.create, async (req) => {
    if (await repo.byCode(req.body.code)) throw badRequest('语言代码已存在');
    await repo.create(req.body);
    changed();
    return {};
  });

  table.update(repo, calls.update);

  api.handle(calls.status, async (req) => {
    await repo.setEnable([...new Set(req.body.id)], req.body.enable);
    changed();
    return {};
  });

  api.handle(
    calls.delete,
    deleteHandler('请选择要删除的语言', async (ids) => {
      await repo.delete(ids);
      changed();
    }),
  );

  api.handle(calls.list, async (req) => {
    const privileged = await req.auth.can(checks.list.path);
    const { total, rows } = await repo.list(enabledUnless(privileged, req.query, LANGUAGE_COLUMNS));
    return { total, language: rows.map(toLanguage) };
  });
}
