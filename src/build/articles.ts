/**
 * Build-time article data (ARCHITECTURE "Static site and SEO"), read from `WENKU_API` through
 * site-data.ts (which points the client at it). Without an API every helper answers empty
 * lists, so `astro build` always succeeds. Each list is fetched once per render process (memo.ts).
 */
import { call } from '../api/call.ts';
import { articleGet, articleList, articleRelated } from '../api/generated/article.ts';
import { isOk } from '../api/http.ts';
import { flattenTree } from '../lib/tree.ts';
import type { CategoryNode } from '../lib/tree.ts';
import { ARTICLE_PAGE_SIZE, RECOMMEND_POOL, type Article, type ArticleLink } from '../views/article/list.ts';
import { getSiteData } from './site-data.ts';
import { REVIEW_STATUS } from '../domain/status.ts';
import { memo } from './memo.ts';

/** Public lists are clamped to 100 per page by the server. */
const BUILD_PAGE_SIZE = 100;
const MAX_PAGES = 10_000;
/** Parallel calls while fetching article bodies. */
const CONCURRENCY = 6;

async function online(): Promise<boolean> {
  return (await getSiteData()).source === 'api';
}

/** Runs `fn` over `items`, at most `limit` at a time, keeping the order. */
async function pool<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** Enabled article categories (type 1), depth-first. */
export async function articleCategories(): Promise<CategoryNode[]> {
  const { categories } = await getSiteData();
  return flattenTree(categories).filter((c) => c.type === 1 && c.enable);
}

/** Top-level article categories (enabled), each with its enabled article children. */
export async function articleCategoryRoots(): Promise<CategoryNode[]> {
  const { categories } = await getSiteData();
  const keep = (nodes: readonly CategoryNode[]): CategoryNode[] =>
    nodes.filter((c) => c.type === 1 && c.enable).map((c) => ({ ...c, children: keep(c.children) }));
  return keep(categories);
}

/** Every published article (without content), newest first, paging through /article/list. */
export const allPublishedArticles = memo('articles', async (): Promise<Article[]> => {
  if (!(await online())) return [];
  const out: Article[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const r = await call(articleList, { page, size: BUILD_PAGE_SIZE, status: [REVIEW_STATUS.published], order: 'id desc' });
    if (!isOk(r)) {
      console.warn(`[articles] /article/list page ${page} failed: ${r.data.message}`);
      break;
    }
    out.push(...r.data.article.filter((a) => a.status === REVIEW_STATUS.published && a.identifier));
    if (r.data.article.length < BUILD_PAGE_SIZE || page * BUILD_PAGE_SIZE >= r.data.total) break;
  }
  const seen = new Set<number>();
  return out.filter((a) => !seen.has(a.id) && seen.add(a.id));
});

export interface BuiltArticle {
  article: Article;
  related: ArticleLink[];
}

/**
 * Every published article with its content (GET /article by id, which counts no view) and its
 * related articles. An article whose body cannot be read is left out (the fallback shell serves it).
 */
export const articlesWithContent = memo('articles.content', async (): Promise<BuiltArticle[]> =>
  withContent(await allPublishedArticles()),
);

/** These articles of the list with their content and related articles; unreadable ones left out. */
export async function withContent(items: readonly Article[]): Promise<BuiltArticle[]> {
  const list = await allPublishedArticles();
  // the related answer carries no categories: take them from the list
  const byId = new Map(list.map((a) => [a.id, a]));
  const built = await pool(items, CONCURRENCY, async (item): Promise<BuiltArticle | null> => {
    const [full, related] = await Promise.all([call(articleGet, { id: item.id }), call(articleRelated, { id: item.id })]);
    if (!isOk(full)) {
      console.warn(`[articles] /article?id=${item.id} failed: ${full.data.message}`);
      return null;
    }
    const others = isOk(related) ? related.data.article.filter((a) => a.id !== item.id && a.identifier) : [];
    return { article: full.data, related: others.map((a) => byId.get(a.id) ?? a) };
  });
  return built.filter((b): b is BuiltArticle => b !== null);
}

/** First list page (newest first) of a category (0 = all), from the full list: no extra calls. */
export async function firstArticlePage(categoryId: number): Promise<{ articles: Article[]; total: number }> {
  const all = await allPublishedArticles();
  const matching = categoryId ? all.filter((a) => a.category_id.includes(categoryId)) : all;
  return { articles: matching.slice(0, ARTICLE_PAGE_SIZE), total: matching.length };
}

/** Recommended articles, most recently recommended first (the 换一批 pool). */
export const recommendedArticles = memo('articles.recommended', async (): Promise<Article[]> => {
  if (!(await online())) return [];
  const r = await call(articleList, { page: 1, size: RECOMMEND_POOL, is_recommend: [true], order: 'recommend_at desc' });
  return isOk(r) ? r.data.article.filter((a) => a.identifier) : [];
});
