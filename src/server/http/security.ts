import type { FastifyHelmetOptions } from '@fastify/helmet';

type Directives = Record<string, string[]>;

/**
 * The Content-Security-Policy of every answer. Pages of the built site add the hashes of their own
 * inline scripts to `script-src` (site/page-csp.ts); nothing else may run inline.
 */
export const CSP_DIRECTIVES: Directives = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'object-src': ["'none'"],
  // nobody frames the site or /admin (clickjacking); X-Frame-Options DENY says the same to old browsers
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  // antd (admin, member and upload screens) writes its CSS-in-JS into <style> tags at run time, and
  // React, antd and the sanitised article HTML set style attributes: a static site has no per-answer
  // nonce to give them, so styles stay inline-able. Styles cannot run code; scripts stay hash-only.
  'style-src': ["'self'", "'unsafe-inline'"],
  // avatars, article images and ads may come from other hosts
  'img-src': ["'self'", 'data:', 'blob:', 'https:', 'http:'],
  'media-src': ["'self'", 'blob:', 'https:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  // ads (HTML written by admins) may embed their network's frames
  'frame-src': ["'self'", 'https:'],
  'worker-src': ["'self'", 'blob:'],
  'manifest-src': ["'self'"],
};

/**
 * The header value with `scriptHashes` (`sha256-…`) allowed in `script-src`, written as helmet
 * writes it; pages of the site set it themselves, once per version of the page (no helmet run per request).
 */
export function cspHeaderWith(scriptHashes: readonly string[]): string {
  const directives = {
    ...CSP_DIRECTIVES,
    'script-src': [...CSP_DIRECTIVES['script-src'], ...scriptHashes.map((h) => `'${h}'`)],
  };
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join(';');
}

/** @fastify/helmet options: security headers on every answer, HTML and JSON alike. */
export const HELMET_OPTIONS: FastifyHelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  // a moredoc client on another host of the same site may show our pages and covers
  crossOriginResourcePolicy: { policy: 'same-site' },
  // TLS ends at the operator's proxy, which decides about HSTS (a self-hosted site often runs on plain HTTP in a LAN)
  strictTransportSecurity: false,
};
