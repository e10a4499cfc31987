import { z } from 'zod';
import { idList } from './common.ts';
import { documentIds, documentList, documentListReply } from './document.ts';
import { endpoint, service } from './endpoint.ts';

export const documentRecover = z.object({ id: idList('请选择要恢复的文档') });

/** RecycleAPI (api-contract §2.3): the documents' recycle bin — list, recover, delete for good, empty. */
export const recycleApi = service('RecycleAPI', '文档回收站', (rpc) => ({
  calls: {
    list: endpoint.get('/document/recycle', rpc('ListRecycleDocument', '获取回收站文档列表'), {
      query: documentList,
      reply: documentListReply,
    }),
    recover: endpoint.put('/document/recycle', rpc('RecoverRecycleDocument', '恢复回收站文档'), { body: documentRecover }),
    delete: endpoint.delete('/document/recycle', rpc('DeleteRecycleDocument', '删除回收站文档'), { query: documentIds }),
    clear: endpoint.delete('/document/recycle/all', rpc('ClearRecycleDocument', '清空回收站文档')),
  },
  summaries: {
    list: '回收站文档列表（按删除时间倒序）',
    recover: '从回收站恢复文档（恢复分类与用户的文档数，不退还积分）',
    delete: '彻底删除回收站中的文档（无其他文档使用的文件一并删除）',
    clear: '清空回收站',
  },
}));
