/**
 * /sitemap.xml at build time: home, library, every document category, every public document
 * and the article pages (lists and published articles, from build/articles.ts), with lastmod.
 * Absolute URLs use the build's site URL (WENKU_SITE_URL) or the configured 网站域名 (system.domain).
 */
import type { APIRoute } from 'astro';
import { articleSitemapEntries } from '../build/articles.ts';
import { allPublicDocuments, categoryIndex, documentCategories } from '../build/documents.ts';
import { getSiteData } from '../build/site-data.ts';
import { categoryUrl, documentUrl } from '../domain/urls.ts';
import { buildSitemap } from '../server/site/fallback.ts';

export const GET: APIRoute = async ({ site }) => {
  const [data, categories, documents, byId, articles] = await Promise.all([
    getSiteData(),
    documentCategories(),
    allPublicDocuments(),
    categoryIndex(),
    articleSitemapEntries(),
  ]);
  const domain = site?.origin ?? data.settings.system.domain;
  const xml = buildSitemap(
    documents.map((d) => ({ path: documentUrl(d, byId), lastmod: d.updated_at || d.created_at })),
    articles,
    domain,
    categories.map((c) => ({ path: categoryUrl(c.id), lastmod: c.updated_at })),
  );
  return new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
