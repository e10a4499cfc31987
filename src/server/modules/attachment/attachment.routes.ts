import type { FastifyInstance } from 'fastify';
import { adminTable } from '../../http/admin-table.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import * as wire from '../../../contract/attachment.ts';
import { emptyReply } from '../../../contract/common.ts';
import { apiRoutes } from '../../http/routes.ts';

export default async function attachmentRoutes(app: FastifyInstance) {
  const repo = app.ctx.repos.attachment;
  const api = apiRoutes(app, ['附件'], 'AttachmentAPI');

  const table = adminTable(api, { url: '/attachment', entity: 'Attachment', name: '附件' });
  table.list(repo, {
    title: '查看附件列表',
    summary: '附件列表（新的在前；wd 搜索名称、哈希、路径与描述；不含已删除的附件）',
    querystring: wire.attachmentList,
    reply: wire.attachmentListReply,
    key: 'attachment',
    userCache: ['attachments', 'users'],
  });
  table.get(repo, { title: '根据ID查询附件', querystring: wire.attachmentGet, reply: wire.attachmentItem });

  api.put(
    '/attachment',
    {
      summary:
        '更新附件信息（enable 为 false 时把该文件的 MD5 标记为非法，之后禁止再上传该文件；未传 enable、description 时保持不变）',
      access: api.rpc('UpdateAttachment', '更新附件信息'),
      body: wire.attachmentUpdate,
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
