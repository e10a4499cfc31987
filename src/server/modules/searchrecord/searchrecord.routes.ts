import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { perm } from '../../auth/access.ts';
import { badRequest } from '../../http/errors.ts';
import { searchRecordDelete, searchRecordList, searchRecordListReply } from '../../../contract/search.ts';
import { emptyReply } from '../../../contract/common.ts';

export default async function searchRecordRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = app.ctx.repos.searchRecord;
  const tags = ['搜索记录'];

  r.get(
    '/searchrecord/list',
    {
      schema: {
        response: { 200: searchRecordListReply },
        tags,
        summary: '搜索记录列表（wd/keywords 与 ip 模糊匹配；order 如 id desc、total asc、spend_time desc）',
        querystring: searchRecordList,
      },
      config: { access: perm('/api.v1.SearchRecordAPI/ListSearchRecord', '获取搜索记录列表') },
    },
    async (req) => {
      const { total, rows } = await repo.list(req.query);
      return { total, search_record: rows };
    },
  );

  r.delete(
    '/searchrecord',
    {
      schema: { response: { 200: emptyReply }, tags, summary: '删除搜索记录', querystring: searchRecordDelete },
      config: { access: perm('/api.v1.SearchRecordAPI/DeleteSearchRecord', '删除搜索记录') },
    },
    async (req) => {
      if (!req.query.id?.length) throw badRequest('请选择要删除的搜索记录');
      await repo.delete([...new Set(req.query.id)]);
      return {};
    },
  );
}
