import type { FastifyInstance } from 'fastify';
import { adminTable } from '../../http/admin-table.ts';
import { searchRecordDelete, searchRecordList, searchRecordListReply } from '../../../contract/search.ts';
import { apiRoutes } from '../../http/routes.ts';

export default async function searchRecordRoutes(app: FastifyInstance) {
  const repo = app.ctx.repos.searchRecord;
  const api = apiRoutes(app, ['搜索记录'], 'SearchRecordAPI');
  const table = adminTable(api, { url: '/searchrecord', entity: 'SearchRecord', name: '搜索记录' });

  table.list(repo, {
    title: '获取搜索记录列表',
    summary: '搜索记录列表（wd/keywords 与 ip 模糊匹配；order 如 id desc、total asc、spend_time desc）',
    querystring: searchRecordList,
    reply: searchRecordListReply,
    key: 'search_record',
  });
  table.delete(repo, { title: '删除搜索记录', querystring: searchRecordDelete });
}
