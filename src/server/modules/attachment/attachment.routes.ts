import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { perm } from '../../auth/access.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import {
  attachmentGet,
  attachmentItem,
  attachmentList,
  attachmentListReply,
  attachmentUpdate,
} from '../../../contract/attachment.ts';
import { emptyReply } from '../../../contract/common.ts';

export default async function attachmentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = app.ctx.repos.attachment;
  const tags = ['附件'];

  r.get(
    '/attachment/list',
    {
      schema: {
        response: { 200: attachmentListReply },
        tags,
        summary: '附件列表（新的在前；wd 搜索名称、哈希、路径与描述；不含已删除的附件）',
        querystring: attachmentList,
      },
      config: { access: perm('/api.v1.AttachmentAPI/ListAttachment', '查看附件列表'), userCache: ['attachments', 'users'] },
    },
    async (req) => {
      const { total, rows } = await repo.list(req.query);
      return { total, attachment: rows };
    },
  );

  r.get(
    '/attachment',
    {
      schema: { response: { 200: attachmentItem }, tags, summary: '根据ID查询附件', querystring: attachmentGet },
      config: { access: perm('/api.v1.AttachmentAPI/GetAttachment', '根据ID查询附件') },
    },
    async (req) => {
      const row = await repo.get(req.query.id);
      if (!row) throw notFound('附件不存在');
      return row;
    },
  );

  r.put(
    '/attachment',
    {
      schema: {
        response: { 200: emptyReply },
        tags,
        summary:
          '更新附件信息（enable 为 false 时把该文件的 MD5 标记为非法，之后禁止再上传该文件；未传 enable、description 时保持不变）',
        body: attachmentUpdate,
      },
      config: { access: perm('/api.v1.AttachmentAPI/UpdateAttachment', '更新附件信息') },
    },
    async (req) => {
      const current = await repo.get(req.body.id);
      if (!current) throw notFound('附件不存在');
      await repo.update(req.body, current.hash);
      return {};
    },
  );

  // as moredoc: attachments follow what they belong to (documents, articles, avatars…) and are never deleted by hand
  r.delete(
    '/attachment',
    {
      schema: { response: { 200: emptyReply }, tags, summary: '删除附件（不允许：附件由系统管理，随所属的数据一起删除）' },
      config: { access: 'public' },
    },
    async () => {
      throw forbidden('附件不允许直接删除。附件由系统直接管理，会随着相应数据的删除而自动删除。');
    },
  );
}
