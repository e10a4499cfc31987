import { idsQuery } from './common.ts';
import { searchRecordList, searchRecordListReply } from './search.ts';
import { apiPermission, endpoint, type ServiceTable } from './endpoint.ts';
import { emptyReply } from './reply.ts';

const rpc = apiPermission('SearchRecordAPI');

/** SearchRecordAPI: the back office's log of searches. */
export const searchrecordApi = {
  service: 'SearchRecordAPI',
  tags: ['搜索记录'],
  calls: {
    list: endpoint.get('/searchrecord/list', {
      summary: '搜索记录列表（wd/keywords 与 ip 模糊匹配；order 如 id desc、total asc、spend_time desc）',
      access: rpc('ListSearchRecord', '获取搜索记录列表'),
      query: searchRecordList,
      reply: searchRecordListReply,
    }),
    delete: endpoint.delete('/searchrecord', {
      access: rpc('DeleteSearchRecord', '删除搜索记录'),
      query: idsQuery,
      reply: emptyReply,
    }),
  },
} as const satisfies ServiceTable;
