import { z } from 'zod';
import { integer, pagedQuery, queryBool, repeated } from './common.ts';
import { listReply } from './reply.ts';
import { endpoint, service } from './endpoint.ts';
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

/** AttachmentAPI (api-contract §2.9): the back office lists and edits attachments; nobody deletes one by hand. */
export const attachmentApi = service('AttachmentAPI', '附件', (rpc) => ({
  calls: {
    list: endpoint.get('/attachment/list', rpc('ListAttachment', '查看附件列表'), {
      query: attachmentList,
      reply: listReply('attachment', attachmentItem),
    }),
    get: endpoint.get('/attachment', rpc('GetAttachment', '根据ID查询附件'), { query: attachmentGet, reply: attachmentItem }),
    update: endpoint.put('/attachment', rpc('UpdateAttachment', '更新附件信息'), { body: attachmentUpdate }),
    delete: endpoint.delete('/attachment', 'public'),
  },
  summaries: {
    list: '附件列表（新的在前；wd 搜索名称、哈希、路径与描述；不含已删除的附件）',
    update:
      '更新附件信息（enable 为 false 时把该文件的 MD5 标记为非法，之后禁止再上传该文件；未传 enable、description 时保持不变）',
    delete: '删除附件（不允许：附件由系统管理，随所属的数据一起删除）',
  },
}));
