import { z } from 'zod';
import { REPORT_REASON_LABELS, reportReasonList } from '../domain/status.ts';
import { idsQuery, integer, pagedQuery, queryBool, repeated } from './common.ts';
import { listReply, numbers, strings, timestamps } from './reply.ts';
import { endpoint, service } from './endpoint.ts';

export const reportInput = z.object({
  document_id: integer(z.number({ message: '请指定要举报的文档' }).int().positive('请指定要举报的文档')),
  reason: integer(
    z
      .number({ message: '请选择举报原因' })
      .int()
      .refine((v) => v in REPORT_REASON_LABELS, '请选择正确的举报原因'),
  ),
  remark: z.string().trim().max(500, '举报说明最多500个字符').default(''),
});
export type ReportInput = z.infer<typeof reportInput>;
/** Handling a report: `status` true = handled; the remark is the handler's note (both overwritten). */
export const reportUpdate = z.object({
  id: integer(z.number().int().positive('请指定要处理的举报')),
  status: z.boolean().default(false),
  remark: z.string().trim().max(500, '备注最多500个字符').default(''),
});
export type ReportUpdate = z.infer<typeof reportUpdate>;
export const reportList = pagedQuery({ status: repeated(queryBool) });
export type ReportListQuery = z.infer<typeof reportList>;

export const report = z.object({
  ...numbers('id', 'document_id', 'user_id', 'reason'),
  /** true once an admin handled it */
  status: z.boolean(),
  ...strings('remark', 'document_title', 'document_uuid', 'username'),
  ...timestamps,
});
export type Report = z.infer<typeof report>;

/** ReportAPI (api-contract §2.8): members report documents; the back office handles, lists and deletes reports. */
export const reportApi = service('ReportAPI', '举报', (rpc) => ({
  calls: {
    create: endpoint.post('/report', 'login', { body: reportInput }),
    update: endpoint.put('/report', rpc('UpdateReport', '处理举报内容'), { body: reportUpdate }),
    delete: endpoint.delete('/report', rpc('DeleteReport', '删除举报内容'), { query: idsQuery }),
    list: endpoint.get('/report/list', rpc('ListReport', '查询举报列表'), {
      query: reportList,
      reply: listReply('report', report),
    }),
  },
  summaries: {
    create: `举报文档（原因：${reportReasonList()}；同一文档未处理前只能举报一次）`,
    update: '处理举报（status 为 true 表示已处理；remark 为处理备注）',
    delete: '删除举报',
    list: '举报列表（新的在前；wd 搜索文档标题与备注，status 筛选是否已处理）',
  },
}));
