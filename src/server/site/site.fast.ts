import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { SITE_ROUTE } from '../http/access-log.ts';
import type { FastAnswerObserver } from '../http/answer-fast.ts';
import { REQUEST_ID_HEADER, requestIdOf } from '../http/request-id.ts';
import { pageCsp } from './page-csp.ts';
import { droppedSecurityHeaders, negotiate, type Encoding, type SiteFile, type SiteFiles, type Variant } from './site.files.ts';

/** Hashed build assets never change; pages must be revalidated so rebuilds show at once. */
export function cacheControl(rel: string): string {
  if (rel.startsWith('_astro/')) return 'public, max-age=31536000, immutable';
  if (rel.endsWith('.html')) return 'no-cache';
  return 'public, max-age=3600';
}

/** Whether a conditional GET may be answered with 304 (If-None-Match wins over If-Modified-Since). */
export function notModified(headers: IncomingMessage['headers'], etag: string, lastModified: string): boolean {
  const match = headers['if-none-match'];
  if (match) {
    const weak = (t: string) => t.trim().replace(/^W\//, '');
    return match.trim() === '*' || match.split(',').some((t) => weak(t) === weak(etag));
  }
  const since = headers['if-modified-since'];
  return Boolean(since) && Date.parse(since!) >= Date.parse(lastModified);
}

/** The headers of one encoding of a kept file (without the ones every answer carries), worked out once per version. */
const fileHeadersOf = new WeakMap<Variant, OutgoingHttpHeaders>();
export function fileHeaders(file: SiteFile, encoding: Encoding, cache: string): OutgoingHttpHeaders {
  const v = file.variants[encoding]!;
  let h = fileHeadersOf.get(v);
  if (h?.['cache-control'] !== cache) {
    h = { 'cache-control': cache, etag: v.etag, 'last-modified': v.lastModified };
    if (file.variants.br || file.variants.gzip) h.vary = 'accept-encoding';
    const csp = pageCsp(file);
    if (csp) h['content-security-policy'] = csp;
    fileHeadersOf.set(v, h);
  }
  return h;
}

/** Headers of one answer about the file sent; the others are taken from Fastify's answer as they are (a page's CSP replaces helmet's). */
const PER_FILE = new Set([
  REQUEST_ID_HEADER,
  'cache-control',
  'etag',
  'last-modified',
  'vary',
  'content-encoding',
  'content-type',
  'content-length',
]);
/** How many paths the fast path remembers; past it, it starts learning again (a bound, not an expected size). */
const MAX_PATHS = 200_000;

/**
 * Files of the built site answered from Node's request handler, before Fastify.
 *
 * Fastify's routing, hooks and reply objects cost about four fifths of the time of a static answer
 * held in memory (`npm run bench -- --only static`: ~0.2× nginx through Fastify). A path is taken
 * here only after Fastify itself routed a GET of it to the site (its not-found handler answered it
 * from memory, site.plugin.ts): no route of the app is ever shadowed, whatever the built site holds.
 * The headers every answer carries (helmet's security headers, written by Fastify's hooks) are
 * learnt from that same answer, and the file's own headers come from fileHeaders(), which the
 * Fastify path uses too, so both answer alike (tests/server/site/site.fast.test.ts compares them).
 * Anything else (other methods, misses, files changed or dropped from memory) goes on to Fastify.
 * Each answer carries its request id and is told to `observe` (counted and logged as Fastify's are,
 * http/access-log.ts).
 */
export class SiteFastPath {
  private readonly paths = new Set<string>();
  private common: OutgoingHttpHeaders | null = null;
  /** Whole header lists of each encoding of each kept file, as Node's writeHead takes them fastest (flat arrays). */
  private readonly answers = new WeakMap<Variant, { cache: string; ok: string[]; notModified: string[] }>();
  readonly files: SiteFiles;
  private readonly enabled: boolean;
  private readonly observe: FastAnswerObserver;
  /** told the file of each answer, as the Fastify path tells it (the long tail's reads, site.long-tail.ts) */
  readonly onRead: (rel: string) => void;

  /** `enabled` false: every request goes to Fastify (tests compare both ways). */
  constructor(
    files: SiteFiles,
    enabled: boolean,
    observe: FastAnswerObserver = () => undefined,
    onRead: (rel: string) => void = () => undefined,
  ) {
    this.files = files;
    this.enabled = enabled;
    this.observe = observe;
    this.onRead = onRead;
  }

  /** Called by the Fastify path when it answered `url` with a kept file: later requests of it come here. */
  learn(url: string, raw: ServerResponse): void {
    if (!this.enabled) return;
    if (!this.common) {
      const common: OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(raw.getHeaders())) if (!PER_FILE.has(name)) common[name] = value;
      this.common = common;
    }
    if (this.paths.size >= MAX_PATHS) this.paths.clear();
    this.paths.add(pathOf(url));
  }

  /** Answers the request and returns true, or returns false for Fastify to answer it. */
  answer(req: IncomingMessage, res: ServerResponse): boolean {
    const method = req.method;
    if ((method !== 'GET' && method !== 'HEAD') || !this.common || !req.url) return false;
    if (!this.paths.has(pathOf(req.url))) return false;
    const file = this.files.lookup(req.url);
    if (!file) return false;
    const started = performance.now();
    const id = requestIdOf(req);
    const encoding = negotiate(req.headers['accept-encoding'], file.variants);
    const v = file.variants[encoding]!;
    const cache = cacheControl(file.rel);
    let h = this.answers.get(v);
    if (h?.cache !== cache) {
      const own = fileHeaders(file, encoding, cache);
      const flat = (headers: OutgoingHttpHeaders) => Object.entries(headers).flatMap(([k, x]) => [k, String(x)]);
      const common = { ...this.common };
      for (const name of droppedSecurityHeaders(file.rel)) delete common[name];
      const ok = flat({ ...common, ...own, 'content-type': file.type, 'content-length': v.body.length });
      if (encoding !== 'identity') ok.push('content-encoding', encoding);
      h = { cache, ok, notModified: flat({ ...common, ...own }) };
      this.answers.set(v, h);
    }
    let status = 200;
    if (notModified(req.headers, v.etag, v.lastModified)) {
      status = 304;
      res.writeHead(304, [...h.notModified, REQUEST_ID_HEADER, id]);
      res.end();
    } else {
      // every header in the one array: a header set before (setHeader) sends Node down its slower
      // path of merging and checking each one, 19,200 answers a second here instead of 28,400
      res.writeHead(200, [...h.ok, REQUEST_ID_HEADER, id]);
      res.end(method === 'HEAD' ? undefined : v.body);
    }
    this.observe(req, id, SITE_ROUTE, status, performance.now() - started);
    this.onRead(file.rel);
    return true;
  }
}

const pathOf = (url: string): string => {
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
};
