import { z } from 'zod';
import { integer, pagedQuery, queryBool, repeated } from './common.ts';
import { listReply } from './reply.ts';
import { attachment } from './upload.ts';

/**
 * `enable` and `description` are optional: when absent they stay as they are, so a partial
 * update can never ban a file by accident. `enable:false` marks the file's md5 as illegal.
 */
export const attachmentUpdate = z.object({
  id: integer(z.number().int().positive('请指定要更新的附件')),
  name: z.string({ message: '请输入附件名称' }).trim().min(1, '请输入附件名称').max(200, '附件名称最多200个字符'),
  enable: z.boolean().optional(),
  description: z.string().max(255, '描述最多255个字符').optional(),
});
export type AttachmentUpdate = z.infer<typeof attachmentUpdate>;
export const attachmentGet = z.object({ id: integer(z.number().int().positive('请指定附件')) });
export const attachmentList = pagedQuery({
  type: repeated(integer(z.number().int())),
  enable: repeated(queryBool),
  user_id: repeated(integer(z.number().int().positive())),
});
export type AttachmentListQuery = z.infer<typeof attachmentList>;

/** An attachment as the admin pages see it: the uploader's name and the type label added. */
export const attachmentItem = attachment.extend({ username: z.string(), type_name: z.string() });
export type AttachmentItem = z.infer<typeof attachmentItem>;

export const attachmentListReply = listReply('attachment', attachmentItem);
export type AttachmentListReply = z.infer<typeof attachmentListReply>;
