import type { FastifyInstance } from 'fastify';
import { deleteHandler, listHandler } from '../../http/crud.ts';
import { searchRecordDelete, searchRecordList, searchRecordListReply } from '../../../contract/search.ts';
import { emptyReply } from '../../../contract/common.ts';
import { apiRoutes } from '../../http/routes.ts';

export default async function searchRecordRoutes(app: FastifyInstance) {
  const repo = app.ctx.repos.searchRecord;
  const api = apiRoutes(app, ['搜索记录'], 'SearchRecordAPI');

  api.get(
    '/searchrecord/list',
    {
      summary: '搜索记录列表（wd/keywords 与 ip 模糊匹配；order 如 id desc、total asc、spend_time desc）',
      access: api.rpc('ListSearchRecord', '获取搜索记录列表'),
      querystring: searchRecordList,
      reply: searchRecordListReply,
    },
    listHandler(repo, 'search_record'),
  );

  api.delete(
    '/searchrecord',
    {
      summary: '删除搜索记录',
      access: api.rpc('DeleteSearchRecord', '删除搜索记录'),
      querystring: searchRecordDelete,
      reply: emptyReply,
    },
    deleteHandler('请选择要删除的搜索记录', (ids) => repo.delete(ids)),
  );
}
