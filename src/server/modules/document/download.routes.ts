import type { FastifyInstance } from 'fastify';
import { notFound } from '../../http/errors.ts';
import { download, downloadDocumentReply, downloadQuery, pageOnly } from '../../../contract/document.ts';
import { DOC_PERMS } from './document.permissions.ts';
import { STATUS } from './document.status.ts';
import { downloadDocument } from './download.service.ts';
import { downloadUrl } from './download.token.ts';
import { listReply } from '../../../contract/common.ts';
import { apiRoutes } from '../../http/routes.ts';

const REVIEWABLE = [STATUS.disabled, STATUS.review, STATUS.rejected] as number[];

/** Download links (the file itself is served by download.serve.ts at /download/:token) and the member's download history. */
export default async function downloadRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const { repos } = ctx;
  const api = apiRoutes(app, ['文档下载']);

  api.get(
    '/document/download',
    {
      summary: '获取文档下载链接（付费文档扣除积分；游客仅在允许时可下载免费文档）',
      access: 'public',
      querystring: downloadQuery,
      reply: downloadDocumentReply,
    },
    async (req) => downloadDocument(ctx, req.auth.userId, req.auth.ip, req.query.id),
  );

  api.get(
    '/document/download/bereviewed',
    {
      summary: '下载待审核、已拒绝或已禁用的文档（不扣积分，不计入下载记录与次数）',
      access: DOC_PERMS.downloadReviewed,
      querystring: downloadQuery,
      reply: downloadDocumentReply,
    },
    async (req) => {
      const doc = await repos.document.find({ id: req.query.id });
      if (!doc || doc.deleted_at || !REVIEWABLE.includes(doc.status)) throw notFound('文档不存在');
      return downloadUrl(ctx, doc, req.auth.userId);
    },
  );

  api.get(
    '/user/download',
    {
      summary: '我的下载记录（已删除的文档仍列出标题）',
      access: 'login',
      querystring: pageOnly,
      reply: listReply('download', download),
      userCache: ['downloads', 'documents'],
    },
    async (req) => repos.download.list(req.auth.requireLogin(), req.query.page, req.query.size ?? 10),
  );
}
