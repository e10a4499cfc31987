import type { FastifyInstance } from 'fastify';
import { tableRoutes } from '../../http/admin-table.ts';
import { searchrecordApi } from '../../../contract/searchrecord.ts';
import { serviceRoutes } from '../../http/routes.ts';

export default async function searchRecordRoutes(app: FastifyInstance) {
  const repo = app.ctx.repos.searchRecord;
  const { calls } = searchrecordApi;
  const table = tableRoutes(serviceRoutes(app, searchrecordApi), { name: '搜索记录' });

  table.list(repo, calls.list, 'search_record');
  table.delete(repo, calls.delete);
}
