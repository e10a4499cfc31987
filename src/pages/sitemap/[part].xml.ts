/** /sitemap/{part}.xml: one part of the sitemap index (src/build/sitemap.ts). */
import type { APIRoute, GetStaticPaths } from 'astro';
import { getSiteData } from '../../build/site-data.ts';
import { sitemapParts } from '../../build/sitemap.ts';
import { buildUrlset, newestLastmod } from '../../server/site/fallback.ts';

export const getStaticPaths = (async () =>
  [...(await sitemapParts()).keys()].map((part) => ({ params: { part } }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ site, params }) => {
  const [data, parts] = await Promise.all([getSiteData(), sitemapParts()]);
  const domain = site?.origin ?? data.settings.system.domain;
  const name = String(params.part);
  const entries = parts.get(name)?.entries ?? [];
  const newest = (names: (name: string) => boolean) =>
    newestLastmod([...parts].flatMap(([n, p]) => (names(n) && p.lastmod ? [{ path: n, lastmod: p.lastmod }] : [])));
  const body =
    name === 'pages'
      ? buildUrlset(
          [
            // home and library change with every document: the newest of all parts
            { path: '/', lastmod: newest(() => true), priority: '1.0' },
            { path: '/library', lastmod: newest((n) => n.startsWith('documents-')), priority: '0.9' },
            ...entries.map((e) => ({ ...e, priority: '0.8' })),
          ],
          domain,
        )
      : buildUrlset(entries, domain);
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
