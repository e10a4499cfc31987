import type { FastifyInstance, FastifyRequest } from 'fastify';
import { searchApi } from '../../../contract/search.ts';
import { facetStore } from '../../search/facet-store.ts';
import { startLocalCopy } from '../../search/local-copies.ts';
import { RECORD_TYPE, SearchLog } from '../../search/records.ts';
import { searchArticles, searchDocuments, type Outcome, type SearchOptions } from '../../search/search.service.ts';
import { serviceRoutes } from '../../http/routes.ts';
import { limitBeside } from '../../limits/limit-beside.ts';
import { SETTINGS } from '../../../domain/settings/index.ts';
import { hiddenCounts } from '../document/document.view.ts';

/** Public full-text search of documents and articles; every search is recorded (search records, written in batches). */
export default async function searchRoutes(app: FastifyInstance) {
  const { db, settings } = app.ctx;
  const api = serviceRoutes(app, searchApi);
  // counted while the search runs (limit-beside.ts): 300 a minute per address, both kinds together
  const limited = limitBeside(app, { name: 'search', max: 300, windowMs: 60_000 });
  const log = new SearchLog(db, (err) => app.log.warn({ err }, '搜索记录写入失败'));
  // the facet rows of every indexed item, loaded in the background from the start (facet-store.ts)
  void facetStore(db).warm();
  // PostgreSQL: the window's tiers from a copy of the index on this server's disk (local-copy.ts)
  const copy = startLocalCopy(db, app.ctx.config.searchCopyDir, (err) =>
    app.log.warn({ err }, '搜索索引本地副本不可用，改从数据库读取'),
  );
  if (copy) app.addHook('onClose', () => copy.stop());
  app.addHook('onClose', () => log.flush());

  const options = async (): Promise<SearchOptions> => {
    const hidden = await hiddenCounts(settings);
    return {
      maxPages: Math.max(0, await settings.get(SETTINGS.display.max_search_pages)),
      hideViewCount: hidden.includes('view_count'),
      hideDownloadCount: hidden.includes('download_count'),
    };
  };

  /** Times and records a search (search records), then answers with its reply. */
  const answer = async <R>(req: FastifyRequest, type: keyof typeof RECORD_TYPE, wd: string | undefined, out: Outcome<R>) => {
    app.ctx.metrics.searchDuration.observe({ type }, out.spend);
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
        type: RECORD_TYPE[type],
      },
      days,
    );
    return out.reply;
  };

  api.handle(searchApi.calls.documents, async (req, reply) => {
    const out = await limited(req, reply, async () => searchDocuments(db, req.query, await options()));
    return answer(req, 'document', req.query.wd, out);
  });
  api.handle(searchApi.calls.articles, async (req, reply) => {
    const out = await limited(req, reply, async () => searchArticles(db, req.query, await options()));
    return answer(req, 'article', req.query.wd, out);
  });
}
