/** Icon used when the site has neither a favicon nor a logo configured (spec §1). */
export const FALLBACK_ICON = '/favicon.svg';

/** Separator between the page name and the site name in `<title>`. */
export const TITLE_SEPARATOR = ' - ';

/** Page title per spec §1: "page - site", or only the site name when there is no page name. */
export function pageTitle(name: string | null | undefined, siteName: string | null | undefined): string {
  const page = (name ?? '').trim();
  const site = (siteName ?? '').trim();
  if (!page) return site;
  // A site without a configured name still deserves a readable title.
  if (!site) return page;
  return `${page}${TITLE_SEPARATOR}${site}`;
}

/** The favicon, else the logo, else the bundled fallback icon. */
export function iconOrFallback(favicon?: string | null, logo?: string | null): string {
  return (favicon ?? '').trim() || (logo ?? '').trim() || FALLBACK_ICON;
}
