import { z } from 'zod';
import { REPORT_REASON_LABELS } from '../domain/status.ts';
import { ids, integer, pagedQuery, queryBool, repeated } from './common.ts';
import { listReply, numbers, strings, timestamps } from './reply.ts';

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
export const reportDelete = z.object({ id: ids });
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
export const reportListReply = listReply('report', report);
export type ReportListReply = z.infer<typeof reportListReply>;
