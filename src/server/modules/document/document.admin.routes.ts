import type { FastifyInstance } from 'fastify';
import { reconvertAllFailed } from '../../convert/queue.ts';
import { badRequest } from '../../http/errors.ts';
import {
  documentCheck,
  documentReconvert,
  documentRecommend,
  documentsCategory,
  documentsLanguage,
} from '../../../contract/document.ts';
import { DOC_PERMS } from './document.permissions.ts';
import {
  checkDocuments,
  recommendDocuments,
  reconvertDocuments,
  setDocumentsCategory,
  setDocumentsLanguage,
} from './document.service.ts';
import { CHECK_TARGETS } from './document.status.ts';
import { emptyReply } from '../../../contract/common.ts';
import { apiRoutes } from '../../http/routes.ts';

/** Back-office batch actions on documents; each one transaction, each behind its permission. */
export default async function documentAdminRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx;
  const api = apiRoutes(app, ['文档管理']);
  /** Runs a batch edit; then the edited documents' pages and index entries follow. */
  const edit = async (ids: number[], apply: () => Promise<unknown>) => {
    await apply();
    await ctx.events.publish({ kind: 'document', ids, change: 'saved' });
    return {};
  };

  api.put(
    '/document/check',
    {
      summary: '审核文档：0 通过、7 拒绝（reason 告知上传者）、6 退回待审、4 禁用、2 启用（仅已禁用的文档）',
      access: DOC_PERMS.check,
      body: documentCheck,
      reply: emptyReply,
    },
    async (req) => {
      const { id, status, reason } = req.body;
      if (!CHECK_TARGETS.includes(status))
        throw badRequest('审核状态只能是 0（通过）、7（拒绝）、6（待审核）、4（禁用）或 2（启用）');
      return edit(id, () => checkDocuments(ctx, id, status, reason));
    },
  );

  api.put(
    '/document/recommend',
    {
      summary: '推荐文档：0 取消推荐、1 推荐（已推荐的不变）、2 重新推荐（刷新推荐时间）',
      access: DOC_PERMS.recommend,
      body: documentRecommend,
      reply: emptyReply,
    },
    async (req) => edit(req.body.id, () => recommendDocuments(ctx, req.body.id, req.body.type)),
  );

  api.put(
    '/document/category',
    {
      summary: '批量修改文档分类（连同上级分类，分类文档数随之调整）',
      access: DOC_PERMS.category,
      body: documentsCategory,
      reply: emptyReply,
    },
    async (req) => edit(req.body.document_id, () => setDocumentsCategory(ctx, req.body.document_id, req.body.category_id)),
  );

  api.put(
    '/document/language',
    { summary: '批量设置文档语言', access: DOC_PERMS.language, body: documentsLanguage, reply: emptyReply },
    async (req) => edit(req.body.document_id, () => setDocumentsLanguage(ctx, req.body.document_id, req.body.language)),
  );

  api.put(
    '/document/reconvert',
    {
      summary: '重新转换：指定 id 时转换这些文档，否则重转全部转换失败的文档',
      access: DOC_PERMS.reconvert,
      body: documentReconvert,
      reply: emptyReply,
    },
    async (req) => {
      const ids = req.body?.id ?? [];
      if (!ids.length) {
        await reconvertAllFailed(db);
        return {};
      }
      return edit(ids, () => reconvertDocuments(ctx, ids));
    },
  );
}
