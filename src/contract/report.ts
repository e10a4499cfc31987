import { z } from 'zod';
import { REPORT_REASON_LABELS } from '../domain/status.ts';
import { ids, integer, listReply, queryBool, repeated, timestamps } from './common.ts';

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
/** Handling a report: `status` true = handled; the remark is the handler's note (both overwritten). */
export const reportUpdate = z.object({
  id: integer(z.number().int().positive('请指定要处理的举报')),
  status: z.boolean().default(false),
  remark: z.string().trim().max(500, '备注最多500个字符').default(''),
});
export const reportDelete = z.object({ id: ids });
export const reportList = z.object({
  page: integer(z.number().int().optional()),
  size: integer(z.number().int().optional()),
  wd: z.string().optional(),
  status: repeated(queryBool),
});

export const report = z.object({
  id: z.number(),
  document_id: z.number(),
  user_id: z.number(),
  reason: z.number(),
  /** true once an admin handled it */
  status: z.boolean(),
  remark: z.string(),
  document_title: z.string(),
  document_uuid: z.string(),
  username: z.string(),
  ...timestamps,
});
export type Report = z.infer<typeof report>;

export type ReportInput = z.infer<typeof reportInput>;
export type ReportUpdate = z.infer<typeof reportUpdate>;
export type ReportListQuery = z.infer<typeof reportList>;
export const reportListReply = listReply('report', report);
export type ReportListReply = z.infer<typeof reportListReply>;
