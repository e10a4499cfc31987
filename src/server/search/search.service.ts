import type {
  ArticleSearchQuery,
  ArticleSearchReply,
  DocumentSearchQuery,
  DocumentSearchReply,
  SearchArticle,
  SearchDocument,
} from '../../contract/search.ts';
import type { Database } from '../db/db.ts';
import { isPublicPage } from '../modules/document/public-text.ts';
import { badRequest } from '../http/errors.ts';
import { hasArticles } from './indexer.ts';
import { runSearch } from './query.ts';
import { capTotal, categoryIds, paging, snippets, spendSince } from './search.helpers.ts';
import { articleSpec, documentSpec } from './search.specs.ts';
import { segmentQuery } from './segment.ts';
import { highlight, wordsPattern } from './snippet.ts';
import { ensureFresh } from './sync.ts';

/**
 * Full-text search of documents and articles (HTTP-free, so the benchmark drives it directly).
 * Every query word must occur in the item (title, keywords, description or any page whose text is
 * public: a paid document's preview pages, see public-text.ts).
 */

export interface SearchOptions {
  /** display.max_search_pages (0 = no cap) */
  maxPages: number;
  /** hide counters the display settings hide */
  hideViewCount?: boolean;
  hideDownloadCount?: boolean;
  /** skip the index freshness check (benchmarks) */
  noSync?: boolean;
}

export interface Outcome<R> {
  reply: R;
  total: number;
  page: number;
  spend: number;
}

function prepare(wd: string | undefined) {
  const t0 = performance.now();
  const text = (wd ?? '').trim();
  if (!text) throw badRequest('请输入搜索关键词');
  const words = segmentQuery(text);
  return { t0, words, pattern: wordsPattern(words) };
}

export async function searchDocuments(db: Database, q: DocumentSearchQuery, opts: SearchOptions): Promise<Outcome<DocumentSearchReply>> {
  const { t0, words, pattern } = prepare(q.wd);
  const { page, limit, offset } = paging(q.page, opts.maxPages);
  const done = (reply: DocumentSearchReply, total = 0): Outcome<DocumentSearchReply> => {
    const spend = spendSince(t0);
    return { reply: { total, spend, ...reply }, total, page, spend: Number(spend) };
  };
  if (!words.length) return done({});
  if (!opts.noSync) await ensureFresh(db);

  const result = await runSearch(db, documentSpec(q, words, limit, offset));

  const ids = result.hits.map((h) => h.id);
  const rows = ids.length
    ? await db
        .selectFrom('documents as d')
        .leftJoin('users as u', 'u.id', 'd.user_id')
        .select(['d.id', 'd.uuid', 'd.title', 'd.keywords', 'd.description', 'd.ext', 'd.pages', 'd.preview', 'd.size', 'd.price', 'd.score',
          'd.view_count', 'd.download_count', 'd.language', 'd.user_id', 'd.hash', 'd.created_at', 'd.updated_at', 'u.username'])
        .where('d.id', 'in', ids)
        .execute()
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  // the index holds public pages only; this also holds while it catches up with a price change
  const hits = result.hits.map((h) => {
    const d = byId.get(h.id);
    return { ...h, hitPages: d ? h.hitPages.filter((page) => isPublicPage(d, page)) : [] };
  });
  const cats = await categoryIds(db, 'document_categories', ids);
  const snips = await snippets(db, 'doc', hits, new Map(rows.map((r) => [r.id, r.description])), pattern);
  const document: SearchDocument[] = [];
  for (const h of hits) {
    const d = byId.get(h.id);
    if (!d) continue;
    const { hash, username, preview, ...rest } = d;
    document.push({
      ...rest,
      username: username ?? '',
      title_highlight: highlight(d.title, pattern),
      snippet: snips.get(d.id) ?? '',
      hit_pages: h.hitPages,
      view_count: opts.hideViewCount ? 0 : d.view_count,
      download_count: opts.hideDownloadCount ? 0 : d.download_count,
      category_id: cats.get(d.id) ?? [],
      attachment: { hash },
    });
  }
  return done({ document, facets: result.facets }, capTotal(result.total, opts.maxPages));
}

export async function searchArticles(db: Database, q: ArticleSearchQuery, opts: SearchOptions): Promise<Outcome<ArticleSearchReply>> {
  const { t0, words, pattern } = prepare(q.wd);
  const { page, limit, offset } = paging(q.page, opts.maxPages);
  const done = (reply: ArticleSearchReply, total = 0): Outcome<ArticleSearchReply> => {
    const spend = spendSince(t0);
    return { reply: { total, spend, ...reply }, total, page, spend: Number(spend) };
  };
  if (!words.length || !(await hasArticles(db))) return done({});
  if (!opts.noSync) await ensureFresh(db);

  const result = await runSearch(db, articleSpec(q, words, limit, offset));

  const ids = result.hits.map((h) => h.id);
  const rows = ids.length
    ? await db
        .selectFrom('articles as a')
        .leftJoin('users as u', 'u.id', 'a.user_id')
        .select(['a.id', 'a.identifier', 'a.title', 'a.keywords', 'a.description', 'a.author', 'a.user_id', 'a.view_count',
          'a.created_at', 'a.updated_at', 'u.username'])
        .where('a.id', 'in', ids)
        .execute()
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const cats = await categoryIds(db, 'article_categories', ids);
  const snips = await snippets(db, 'article', result.hits, new Map(rows.map((r) => [r.id, r.description])), pattern);
  const article: SearchArticle[] = [];
  for (const h of result.hits) {
    const a = byId.get(h.id);
    if (!a) continue;
    article.push({
      ...a,
      username: a.username ?? '',
      title_highlight: highlight(a.title, pattern),
      snippet: snips.get(a.id) ?? '',
      category_id: cats.get(a.id) ?? [],
    });
  }
  return done({ article, facets: result.facets }, capTotal(result.total, opts.maxPages));
}
