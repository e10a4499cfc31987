import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { articleSearchQuery, articleSearchReply, documentSearchQuery, documentSearchReply } from '../../../contract/search.ts';
import { RECORD_TYPE, recordSearch } from '../../search/records.ts';
import { searchArticles, searchDocuments, type Outcome, type SearchOptions } from '../../search/search.service.ts';

/** Public full-text search of documents and articles; every search is recorded (search records). */
export default async function searchRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, settings } = app.ctx;
  const tags = ['搜索'];
  const rateLimit = { max: 300, timeWindow: '1 minute' };

  const options = async (): Promise<SearchOptions> => ({
    maxPages: Math.max(0, await settings.num('display', 'max_search_pages', 100)),
    hideViewCount: !(await settings.bool('display', 'show_document_view_count')),
    hideDownloadCount: !(await settings.bool('display', 'show_document_download_count')),
  });

  const record = async (req: FastifyRequest, type: number, wd: string | undefined, out: Outcome<unknown>) => {
    try {
      const days = await settings.num('security', 'search_record_retention_days', 0);
      await recordSearch(
        db,
        {
          user_id: req.auth.userId,
          ip: req.auth.ip,
          user_agent: String(req.headers['user-agent'] ?? ''),
          keywords: (wd ?? '').trim(),
          total: out.total,
          page: out.page,
          spend_time: out.spend,
          type,
        },
        days,
      );
    } catch (err) {
      req.log.warn({ err }, '搜索记录写入失败');
    }
  };

  r.get(
    '/document/search',
    {
      schema: {
        response: { 200: documentSearchReply },
        tags,
        summary: '搜索文档（全文检索：标题、关键词、摘要和每一页的文字；每页 10 条；facets 为各筛选项的结果数）',
        querystring: documentSearchQuery,
      },
      config: { access: 'public', rateLimit },
    },
    async (req) => {
      const out = await searchDocuments(db, req.query, await options());
      await record(req, RECORD_TYPE.document, req.query.wd, out);
      return out.reply;
    },
  );

  r.get(
    '/article/search',
    {
      schema: {
        response: { 200: articleSearchReply },
        tags,
        summary: '搜索文章（全文检索：标题、关键词、摘要和正文；每页 10 条）',
        querystring: articleSearchQuery,
      },
      config: { access: 'public', rateLimit },
    },
    async (req) => {
      const out = await searchArticles(db, req.query, await options());
      await record(req, RECORD_TYPE.article, req.query.wd, out);
      return out.reply;
    },
  );
}
