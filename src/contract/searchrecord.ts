import { idsQuery } from './common.ts';
import { searchRecordList, searchRecordListReply } from './search.ts';
import { endpoint, service } from './endpoint.ts';

/** SearchRecordAPI: the back office's log of searches. */
export const searchrecordApi = service('SearchRecordAPI', '搜索记录', (rpc) => ({
  calls: {
    list: endpoint.get('/searchrecord/list', rpc('ListSearchRecord', '获取搜索记录列表'), {
      query: searchRecordList,
      reply: searchRecordListReply,
    }),
    delete: endpoint.delete('/searchrecord', rpc('DeleteSearchRecord', '删除搜索记录'), { query: idsQuery }),
  },
  summaries: {
    list: '搜索记录列表（wd/keywords 与 ip 模糊匹配；order 如 id desc、total asc、spend_time desc）',
  },
}));
