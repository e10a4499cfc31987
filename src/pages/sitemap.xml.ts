/**
 * /sitemap.xml: the sitemap index of the parts src/build/sitemap.ts cuts (≤ 50,000 URLs each).
 * Absolute URLs use the build's site URL (WENKU_SITE_URL) or the configured 网站域名 (system.domain).
 */
import type { APIRoute } from 'astro';
import { registerIncrementalHooks } from '../build/incremental.ts';
import { getSiteData } from '../build/site-data.ts';
import { sitemapPartUrl, sitemapParts } from '../build/sitemap.ts';
import { buildSitemapIndex } from '../server/site/fallback.ts';

// the incremental renderer reaches the build data through these hooks (this route is always built)
registerIncrementalHooks();

export const GET: APIRoute = async ({ site }) => {
  const [data, parts] = await Promise.all([getSiteData(), sitemapParts()]);
  const domain = site?.origin ?? data.settings.system.domain;
  const index = [...parts].map(([name, part]) => ({ path: sitemapPartUrl(name), lastmod: part.lastmod }));
  return new Response(buildSitemapIndex(index, domain), { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
