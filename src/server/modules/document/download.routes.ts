import type { FastifyInstance } from 'fastify';
import { cachedCount } from '../../db/count-cache.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../http/errors.ts';
import { paginate } from '../../http/list.ts';
import { downloadQuery, pageOnly, type Download } from '../../../contract/document.ts';
import { DOC_PERMS } from './document.permissions.ts';
import { findDocument } from './document.repo.ts';
import { STATUS } from './document.status.ts';
import { num } from './document.view.ts';
import { downloadDocument, downloadUrl } from './download.service.ts';

const REVIEWABLE = [STATUS.disabled, STATUS.review, STATUS.rejected] as number[];

/** Download links (the file itself is served by download.serve.ts at /download/:token) and the member's download history. */
export default async function downloadRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const { db } = ctx;
  const tags = ['文档下载'];

  r.get(
    '/document/download',
    {
      schema: { tags, summary: '获取文档下载链接（付费文档扣除积分；游客仅在允许时可下载免费文档）', querystring: downloadQuery },
      config: { access: 'public' },
    },
    async (req) => downloadDocument(ctx, req.auth.userId, req.auth.ip, req.query.id),
  );

  r.get(
    '/document/download/bereviewed',
    {
      schema: { tags, summary: '下载待审核、已拒绝或已禁用的文档（不扣积分，不计入下载记录与次数）', querystring: downloadQuery },
      config: { access: DOC_PERMS.downloadReviewed },
    },
    async (req) => {
      const doc = await findDocument(db, { id: req.query.id });
      if (!doc || doc.deleted_at || !REVIEWABLE.includes(doc.status)) throw notFound('文档不存在');
      return downloadUrl(ctx, doc, req.auth.userId);
    },
  );

  r.get(
    '/user/download',
    {
      schema: { tags, summary: '我的下载记录（已删除的文档仍列出标题）', querystring: pageOnly },
      config: { access: 'login' },
    },
    async (req) => {
      const me = req.auth.requireLogin();
      const base = db
        .selectFrom('downloads as d')
        .innerJoin('documents as doc', 'doc.id', 'd.document_id')
        .where('d.user_id', '=', me);
      // kept until downloads or documents change (count-cache.ts): a busy member has thousands
      const n = await cachedCount(db, ['downloads', 'documents'], `user-download:${me}`, async () =>
        Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),
      );
      const rows = await paginate(
        base
          .select([
            'd.id',
            'd.user_id',
            'd.document_id',
            'd.is_pay',
            'd.price',
            'd.created_at',
            'd.updated_at',
            'doc.title',
            'doc.ext',
            'doc.score',
            'doc.size',
            'doc.pages',
            'doc.uuid as document_uuid',
          ])
          .orderBy('d.id', 'desc'),
        req.query.page,
        req.query.size ?? 10,
      ).execute();
      const download: Download[] = rows.map((row) => ({ ...row, is_pay: Boolean(row.is_pay), size: num(row.size) }));
      return { total: Number(n), download };
    },
  );
}
