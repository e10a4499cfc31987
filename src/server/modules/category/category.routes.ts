import type { FastifyInstance } from 'fastify';
import { deleteHandler, getHandler } from '../../http/crud.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { enabledUnless } from '../../http/list.ts';
import {
  category,
  categoryDelete,
  categoryGet,
  categoryInput,
  categoryList,
  categoryListReply,
  categoryUpdate,
} from '../../../contract/category.ts';
import { emptyReply } from '../../../contract/common.ts';
import { CATEGORY_COLUMNS, subtree, toCategory } from './category.repo.ts';
import { apiRoutes } from '../../http/routes.ts';

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
  const api = apiRoutes(app, ['分类'], 'CategoryAPI');
  const listPermission = api.checked('ListCategory', '查询文档分类列表');

  const checkParent = async (parentId: number, type: number) => {
    if (!parentId) return;
    const parent = await repo.get(parentId);
    if (!parent) throw badRequest('上级分类不存在');
    if (parent.type !== type) throw badRequest('上级分类的类型与本分类不一致');
  };

  api.post(
    '/category',
    {
      summary: '新增分类（标题每行一个分类；同级已存在的同名分类会跳过）',
      access: api.rpc('CreateCategory', '新增文档分类'),
      body: categoryInput,
      reply: emptyReply,
    },
    async (req) => {
      const { title, ...rest } = req.body;
      const titles = splitTitles(title);
      await checkParent(rest.parent_id, rest.type);
      await app.ctx.events.publish({ kind: 'category', ids: await repo.createMany(titles, rest), change: 'saved' });
      return {};
    },
  );

  api.put(
    '/category',
    {
      summary: '更新分类（覆盖整条记录）',
      access: api.rpc('UpdateCategory', '更新文档分类'),
      body: categoryUpdate,
      reply: emptyReply,
    },
    async (req) => {
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
    },
  );

  api.delete(
    '/category',
    {
      summary: '删除分类（连同子分类；仍有文档的分类及其上级会保留）',
      access: api.rpc('DeleteCategory', '删除文档分类'),
      querystring: categoryDelete,
      reply: emptyReply,
    },
    deleteHandler('请选择要删除的分类', async (ids) =>
      app.ctx.events.publish({ kind: 'category', ids: await repo.deleteTree(ids), change: 'removed' }),
    ),
  );

  api.get(
    '/category',
    {
      summary: '根据ID查询分类',
      access: api.rpc('GetCategory', '根据ID查询文档分类'),
      querystring: categoryGet,
      reply: category.partial(),
    },
    getHandler(repo, '分类不存在', toCategory),
  );

  api.get(
    '/category/list',
    {
      summary: '分类列表（无 total；未授权时只返回启用的分类）',
      access: 'public',
      querystring: categoryList,
      reply: categoryListReply,
    },
    async (req) => {
      const privileged = await req.auth.can(listPermission.path);
      const rows = await repo.list(enabledUnless(privileged, req.query, CATEGORY_COLUMNS));
      return { category: rows.map(toCategory) };
    },
  );
}
