import type { FastifyInstance } from 'fastify';
import { getHandler, listHandler } from '../../http/crud.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import {
  attachmentGet,
  attachmentItem,
  attachmentList,
  attachmentListReply,
  attachmentUpdate,
} from '../../../contract/attachment.ts';
import { emptyReply } from '../../../contract/common.ts';
import { apiRoutes } from '../../http/routes.ts';

export default async function attachmentRoutes(app: FastifyInstance) {
  const repo = app.ctx.repos.attachment;
  const api = apiRoutes(app, ['附件'], 'AttachmentAPI');

  api.get(
    '/attachment/list',
    {
      summary: '附件列表（新的在前；wd 搜索名称、哈希、路径与描述；不含已删除的附件）',
      access: api.rpc('ListAttachment', '查看附件列表'),
      querystring: attachmentList,
      reply: attachmentListReply,
      userCache: ['attachments', 'users'],
    },
    listHandler(repo, 'attachment'),
  );

  api.get(
    '/attachment',
    {
      summary: '根据ID查询附件',
      access: api.rpc('GetAttachment', '根据ID查询附件'),
      querystring: attachmentGet,
      reply: attachmentItem,
    },
    getHandler(repo, '附件不存在'),
  );

  api.put(
    '/attachment',
    {
      summary:
        '更新附件信息（enable 为 false 时把该文件的 MD5 标记为非法，之后禁止再上传该文件；未传 enable、description 时保持不变）',
      access: api.rpc('UpdateAttachment', '更新附件信息'),
      body: attachmentUpdate,
      reply: emptyReply,
    },
    async (req) => {
      const current = await repo.get(req.body.id);
      if (!current) throw notFound('附件不存在');
      await repo.update(req.body, current.hash);
      return {};
    },
  );

  // as moredoc: attachments follow what they belong to (documents, articles, avatars…) and are never deleted by hand
  api.delete(
    '/attachment',
    { summary: '删除附件（不允许：附件由系统管理，随所属的数据一起删除）', access: 'public', reply: emptyReply },
    async () => {
      throw forbidden('附件不允许直接删除。附件由系统直接管理，会随着相应数据的删除而自动删除。');
    },
  );
}
