/**
 * The sitemap as an index (`/sitemap.xml`) of parts of at most 50,000 URLs (sitemaps.org):
 * `pages` (home, library, categories, article lists), then documents and articles by id range,
 * so a change to one item touches one part only (the incremental renderer re-renders that part
 * and the index). Parts are pre-rendered by src/pages/sitemap/[part].xml.ts.
 */
import { articleCategories, allPublishedArticles } from './articles.ts';
import { allPublicDocuments, categoryIndex, documentCategories } from './documents.ts';
import { memo } from './memo.ts';
import { articleListUrl, articleUrl, categoryUrl, documentUrl } from '../domain/urls.ts';

export const SITEMAP_URLS_PER_PART = 50_000;

export interface SitemapEntry {
  path: string;
  lastmod?: string | null;
}

type Kind = 'documents' | 'articles';

/** The part holding an item (ids 1…50,000 in part 0, and so on). */
export const sitemapPart = (kind: Kind, id: number): string => `${kind}-${Math.floor((id - 1) / SITEMAP_URLS_PER_PART)}`;
export const sitemapPartUrl = (part: string): string => `/sitemap/${part}.xml`;

/** The entries of every part, by part name (`pages` first). */
export const sitemapParts = memo('sitemap', async (): Promise<Map<string, SitemapEntry[]>> => {
  const [categories, documents, byId, articleCats, articles] = await Promise.all([
    documentCategories(),
    allPublicDocuments(),
    categoryIndex(),
    articleCategories(),
    allPublishedArticles(),
  ]);
  const parts = new Map<string, SitemapEntry[]>([
    [
      'pages',
      [
        ...categories.map((c) => ({ path: categoryUrl(c.id), lastmod: c.updated_at })),
        { path: '/article' },
        ...articleCats.map((c) => ({ path: articleListUrl(c.id), lastmod: c.updated_at })),
      ],
    ],
  ]);
  const add = (part: string, e: SitemapEntry) => {
    const list = parts.get(part);
    if (list) list.push(e);
    else parts.set(part, [e]);
  };
  for (const d of documents)
    add(sitemapPart('documents', d.id), { path: documentUrl(d, byId), lastmod: d.updated_at || d.created_at });
  for (const a of articles) add(sitemapPart('articles', a.id), { path: articleUrl(a), lastmod: a.updated_at || a.created_at });
  return parts;
});
