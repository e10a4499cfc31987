import type { FastifyInstance, FastifyRequest } from 'fastify';
import { searchApi } from '../../../contract/search.ts';
import { RECORD_TYPE, SearchLog } from '../../search/records.ts';
import { searchArticles, searchDocuments, type Outcome, type SearchOptions } from '../../search/search.service.ts';
import { perMinute, serviceRoutes } from '../../http/routes.ts';
import { SETTINGS } from '../../../domain/settings/index.ts';

/** Public full-text search of documents and articles; every search is recorded (search records, written in batches). */
export default async function searchRoutes(app: FastifyInstance) {
  const { db, settings } = app.ctx;
  const api = serviceRoutes(app, searchApi);
  const limit = { rateLimit: perMinute(300) };
  const log = new SearchLog(db, (err) => app.log.warn({ err }, '搜索记录写入失败'));
  app.addHook('onClose', () => log.flush());

  const options = async (): Promise<SearchOptions> => ({
    maxPages: Math.max(0, await settings.get(SETTINGS.display.max_search_pages)),
    hideViewCount: !(await settings.get(SETTINGS.display.show_document_view_count)),
    hideDownloadCount: !(await settings.get(SETTINGS.display.show_document_download_count)),
  });

  const record = async (req: FastifyRequest, type: number, wd: string | undefined, out: Outcome<unknown>) => {
    const days = await settings.get(SETTINGS.security.search_record_retention_days);
    log.add(
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
  };

  api.handle(
    searchApi.calls.documents,
    async (req) => {
      const out = await searchDocuments(db, req.query, await options());
      app.ctx.metrics.searchDuration.observe({ type: 'document' }, out.spend);
      await record(req, RECORD_TYPE.document, req.query.wd, out);
      return out.reply;
    },
    limit,
  );

  api.handle(
    searchApi.calls.articles,
    async (req) => {
      const out = await searchArticles(db, req.query, await options());
      app.ctx.metrics.searchDuration.observe({ type: 'article' }, out.spend);
      await record(req, RECORD_TYPE.article, req.query.wd, out);
      return out.reply;
    },
    limit,
  );
}
