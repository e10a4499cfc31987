import type { FastifyInstance } from 'fastify';
import { deleteHandler, getHandler } from '../../http/crud.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { enabledUnless } from '../../http/list.ts';
import { categoryApi } from '../../../contract/category.ts';
import { CATEGORY_COLUMNS, subtree, toCategory } from './category.repo.ts';
import { serviceRoutes } from '../../http/routes.ts';

const MAX_TITLE = 64;

/** The titles of a create request: one per line, trimmed, blank lines and repeats dropped. */
export function splitTitles(raw: string): string[] {
  const titles = [
    ...new Set(
      raw
        .split(/\r?\n/)
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ];
  if (!titles.length) throw badRequest('请输入分类名称');
  const long = titles.find((t) => [...t].length > MAX_TITLE);
  if (long) throw badRequest(`分类名称最多${MAX_TITLE}个字符：${long.slice(0, 20)}…`);
  return titles;
}

export default async function categoryRoutes(app: FastifyInstance) {
  const repo = app.ctx.repos.category;
  const { calls, checks } = categoryApi;
  const api = serviceRoutes(app, categoryApi);

  const checkParent = async (parentId: number, type: number) => {
    if (!parentId) return;
    const parent = await repo.get(parentId);
    if (!parent) throw badRequest('上级分类不存在');
    if (parent.type !== type) throw badRequest('上级分类的类型与本分类不一致');
  };

  api.handle(calls.create, async (req) => {
    const { title, ...rest } = req.body;
    const titles = splitTitles(title);
    await checkParent(rest.parent_id, rest.type);
    await app.ctx.events.publish({ kind: 'category', ids: await repo.createMany(titles, rest), change: 'saved' });
    return {};
  });

  api.handle(calls.update, async (req) => {
    const input = req.body;
    if (!(await repo.get(input.id))) throw notFound('分类不存在');
    if (input.parent_id) {
      if (subtree(await repo.nodes(), [input.id]).has(input.parent_id)) throw badRequest('上级分类不能是自己或自己的下级分类');
      await checkParent(input.parent_id, input.type);
    }
    const same = await repo.findTitle(input.parent_id, input.type, input.title);
    if (same && same.id !== input.id) throw badRequest('同级分类下已存在同名分类');
    await repo.update(input);
    await app.ctx.events.publish({ kind: 'category', ids: [input.id], change: 'saved' });
    return {};
  });

  api.handle(
    calls.delete,
    deleteHandler('请选择要删除的分类', async (ids) =>
      app.ctx.events.publish({ kind: 'category', ids: await repo.deleteTree(ids), change: 'removed' }),
    ),
  );

  api.handle(calls.get, getHandler(repo, '分类不存在', toCategory));

  api.handle(calls.list, async (req) => {
    const privileged = await req.auth.can(checks.list.path);
    const rows = await repo.list(enabledUnless(privileged, req.query, CATEGORY_COLUMNS));
    return { category: rows.map(toCategory) };
  });
}
