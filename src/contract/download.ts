import { z } from 'zod';
import { pageOnly } from './common.ts';
import { documentPermission, downloadDocumentReply, downloadQuery } from './document.ts';
import { endpoint, service } from './endpoint.ts';
import { favorite } from './favorite.ts';
import { listReply } from './reply.ts';

/** A download of the member's history, joined with its document. */
export const download = favorite.omit({ type: true, attachment: true }).extend({
  /** Wenku: how many rated the document (0: 暂无评分, its score is a placeholder) */
  score_count: z.number().optional(),
  ip: z.string().optional(),
  is_pay: z.boolean(),
  price: z.number(),
});
export type Download = z.infer<typeof download>;

/** Download links (DocumentAPI; the file itself is served at /download/:token) and the member's download history. */
export const downloadApi = service('DocumentAPI', '文档下载', {
  calls: {
    document: endpoint.get('/document/download', 'public', { query: downloadQuery, reply: downloadDocumentReply }),
    reviewed: endpoint.get('/document/download/bereviewed', documentPermission('DownloadDocumentToBeReviewed', '下载待审文档'), {
      query: downloadQuery,
      reply: downloadDocumentReply,
    }),
    list: endpoint.get('/user/download', 'login', { query: pageOnly, reply: listReply('download', download) }),
  },
  summaries: {
    document: '获取文档下载链接（付费文档扣除积分；游客仅在允许时可下载免费文档）',
    reviewed: '下载待审核、已拒绝或已禁用的文档（不扣积分，不计入下载记录与次数）',
    list: '我的下载记录（已删除的文档仍列出标题）',
  },
});
