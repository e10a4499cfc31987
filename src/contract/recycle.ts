import { z } from 'zod';
import { idList } from './common.ts';
import { documentIds, documentList, documentListReply } from './document.ts';
import { apiPermission, endpoint, type ServiceTable } from './endpoint.ts';
import { emptyReply } from './reply.ts';

export const documentRecover = z.object({ id: idList('请选择要恢复的文档') });

const rpc = apiPermission('RecycleAPI');

/** RecycleAPI (api-contract §2.3): the documents' recycle bin — list, recover, delete for good, empty. */
export const recycleApi = {
  service: 'RecycleAPI',
  tags: ['文档回收站'],
  calls: {
    list: endpoint.get('/document/recycle', {
      summary: '回收站文档列表（按删除时间倒序）',
      access: rpc('ListRecycleDocument', '获取回收站文档列表'),
      query: documentList,
      reply: documentListReply,
    }),
    recover: endpoint.put('/document/recycle', {
      summary: '从回收站恢复文档（恢复分类与用户的文档数，不退还积分）',
      access: rpc('RecoverRecycleDocument', '恢复回收站文档'),
      body: documentRecover,
      reply: emptyReply,
    }),
    delete: endpoint.delete('/document/recycle', {
      summary: '彻底删除回收站中的文档（无其他文档使用的文件一并删除）',
      access: rpc('DeleteRecycleDocument', '删除回收站文档'),
      query: documentIds,
      reply: emptyReply,
    }),
    clear: endpoint.delete('/document/recycle/all', {
      summary: '清空回收站',
      access: rpc('ClearRecycleDocument', '清空回收站文档'),
      reply: emptyReply,
    }),
  },
} as const satisfies ServiceTable;
