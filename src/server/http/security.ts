import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

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

/**
 * Helmet's headers that govern a document only (what it may load, frame, open or refer to). A
 * style sheet, font or image fetched by a page obeys just `X-Content-Type-Options` and
 * `Cross-Origin-Resource-Policy`, so built files of those kinds go without the rest: a page loads
 * dozens of them, each lighter by most of a kilobyte. A script keeps its CSP, which a script run as
 * a worker would obey. Headers not listed here (a future helmet's too) stay on every answer.
 */
export const DOCUMENT_ONLY_HEADERS = [
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

/** Headers of an answer that are not helmet's. */
const NOT_HELMETS = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

/**
 * Security headers on every answer: the headers helmet writes with HELMET_OPTIONS, worked out once
 * (by @fastify/helmet itself, on a probe) and set by one synchronous hook. @fastify/helmet builds a
 * new helmet middleware, CSP string included, in two hooks on every request: at 50 concurrent
 * visitors of a shared list that was a measurable part of each answer (`npm run bench -- --only lists`).
 */
export async function securityHeaders(app: FastifyInstance): Promise<void> {
  const probe = Fastify();
  await probe.register(fastifyHelmet, HELMET_OPTIONS);
  probe.get('/', async () => '');
  const res = await probe.inject({ url: '/' });
  await probe.close();
  const headers = Object.entries(res.headers).filter(([name]) => !NOT_HELMETS.has(name));
  // on the raw response, as helmet does: the site's fast path (site.fast.ts) learns them from there
  app.addHook('onRequest', (_req, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value!);
    done();
  });
}
