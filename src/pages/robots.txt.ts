/**
 * /robots.txt: keeps crawlers out of the back office, the member area, the API and sign-in returns,
 * and names the sitemap. Search engines take a `Sitemap:` line only as an absolute URL, so it is
 * written with the build's site URL (WENKU_SITE_URL) or the configured 网站域名 (system.domain), as the
 * sitemap's own addresses are; a change of the domain renders the whole site, this file included.
 */
import type { APIRoute } from 'astro';
import { getSiteData } from '../build/site-data.ts';
import { isAbsoluteBase, siteBase } from '../domain/urls.ts';

/** Paths no crawler has business in: every page there needs a signed-in user or is an API answer. */
const DISALLOWED = ['/admin', '/member', '/api/', '/oauth/'];

export const GET: APIRoute = async ({ site }) => {
  const data = await getSiteData();
  const domain = siteBase(site?.origin ?? data.settings.system.domain);
  const lines = ['User-agent: *', ...DISALLOWED.map((path) => `Disallow: ${path}`)];
  if (isAbsoluteBase(domain)) lines.push('', `Sitemap: ${domain}/sitemap.xml`);
  return new Response(`${lines.join('\n')}\n`, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
