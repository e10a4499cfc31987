import { readFileSync, statSync, type Stats } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import { DOCUMENT_ONLY_HEADERS } from '../http/security.ts';

/**
 * Built-site files held in memory, with their `.br` / `.gz` copies (precompress.ts).
 *
 * Why not only @fastify/static: it reads every file through the thread pool (stat, open, read,
 * close per request), which measured about 0.1× of nginx serving the same tree at 50 concurrent
 * connections (`npm run bench`). A built site is small (a few MB of text) and every file of a
 * build is written once, so pages and assets are kept here and sent from memory; each entry is
 * checked against the disk again at most once a second, so a rebuild (a swapped `current` link)
 * or a file written in place shows within a second. Larger files, other types and misses go to
 * @fastify/static as before.
 */
export const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.ico': 'image/x-icon',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
};

/** Kinds a page only ever loads (never shown as a document themselves): scripts, style sheets, fonts, raster images. */
const SUBRESOURCES = new Set([
  '.js',
  '.mjs',
  '.css',
  '.map',
  '.woff',
  '.woff2',
  '.ico',
  '.png',
  '.jpg',
  '.jpeg',
  '.gif',
  '.webp',
]);
const SCRIPTS = new Set(['.js', '.mjs']);
const WITHOUT_CSP: readonly string[] = [...DOCUMENT_ONLY_HEADERS, 'content-security-policy'];

/** The security headers a built file goes without (DOCUMENT_ONLY_HEADERS), by its kind. */
export function droppedSecurityHeaders(rel: string): readonly string[] {
  const ext = extname(rel).toLowerCase();
  if (!SUBRESOURCES.has(ext)) return [];
  return SCRIPTS.has(ext) ? DOCUMENT_ONLY_HEADERS : WITHOUT_CSP;
}

const MAX_FILE_BYTES = 1024 * 1024;
const MAX_TOTAL_BYTES = 64 * 1024 * 1024;
const RECHECK_MS = 1000;

export type Encoding = 'br' | 'gzip' | 'identity';

export interface Variant {
  body: Buffer;
  /** the same form as @fastify/send's, so either path answers conditional requests alike */
  etag: string;
  lastModified: string;
  mtimeMs: number;
  size: number;
}

export interface SiteFile {
  /** path inside the site folder */
  rel: string;
  type: string;
  variants: Partial<Record<Encoding, Variant>>;
  checkedAt: number;
  bytes: number;
}

const SUFFIX: Record<Exclude<Encoding, 'identity'>, string> = { br: '.br', gzip: '.gz' };

const statOf = (p: string): Stats | undefined => statSync(p, { throwIfNoEntry: false });
const sameStat = (v: Variant | undefined, s: Stats | undefined): boolean =>
  v ? Boolean(s && v.size === s.size && v.mtimeMs === s.mtimeMs) : !s?.isFile();

function variant(path: string, s: Stats): Variant {
  return {
    body: readFileSync(path),
    etag: `W/"${s.size.toString(16)}-${Math.floor(s.mtimeMs).toString(16)}"`,
    lastModified: s.mtime.toUTCString(),
    mtimeMs: s.mtimeMs,
    size: s.size,
  };
}

/** Weights of each coding an Accept-Encoding header names (`*` included). */
type Weights = Record<string, number>;
/** Parsed headers: browsers send a handful of distinct values, each parsed once (a bound, not an expected size). */
const parsedHeaders = new Map<string, Weights>();
const MAX_PARSED = 256;

function weightsOf(header: string): Weights {
  let q = parsedHeaders.get(header);
  if (q) return q;
  q = {};
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const weight = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name) q[name] = weight ? Number(weight.slice(2)) || 0 : 1;
  }
  if (parsedHeaders.size >= MAX_PARSED) parsedHeaders.clear();
  parsedHeaders.set(header, q);
  return q;
}

/**
 * The encoding to send: br, else gzip, when the client accepts it (q > 0) and a copy exists.
 * Accept-Encoding: `gzip, br`, `br;q=1.0, gzip;q=0.8`, `*`.
 */
export function negotiate(header: string | undefined, has: Partial<Record<Encoding, unknown>>): Encoding {
  if (!header) return 'identity';
  const q = weightsOf(header);
  const ok = (e: Encoding) => has[e] && (q[e] ?? q['*'] ?? 0) > 0;
  if (ok('br') && (!ok('gzip') || (q.br ?? q['*']) >= (q.gzip ?? q['*']))) return 'br';
  return ok('gzip') ? 'gzip' : 'identity';
}

export class SiteFiles {
  private readonly entries = new Map<string, SiteFile>();
  private bytes = 0;
  private readonly root: string;

  constructor(root: string) {
    this.root = root;
  }

  /** The file a URL path names (exact, `<path>.html`, `<path>/index.html`), or null: not here or not kept. */
  lookup(urlPath: string): SiteFile | null {
    const q = urlPath.indexOf('?');
    const path = q < 0 ? urlPath : urlPath.slice(0, q);
    const hit = this.entries.get(path);
    // moved to the end only when re-checked: at most once a second, a near enough recency for the bound
    if (hit && Date.now() - hit.checkedAt < RECHECK_MS) return hit;
    if (hit && this.unchanged(hit)) {
      hit.checkedAt = Date.now();
      return this.touch(path, hit);
    }
    if (hit) this.drop(path);
    const rel = this.resolve(path);
    const entry = rel ? this.load(rel) : null;
    if (!entry) return null;
    this.entries.set(path, entry);
    this.bytes += entry.bytes;
    for (const key of this.entries.keys()) {
      if (this.bytes <= MAX_TOTAL_BYTES) break;
      this.drop(key);
    }
    return entry;
  }

  /**
   * Forgets the files these URL paths answered (pages just written or deleted in place): their next
   * request reads the disk instead of waiting for the entry's next check (RECHECK_MS).
   */
  forget(urlPaths: Iterable<string>): void {
    for (const path of urlPaths) {
      const clean = path.replace(/\/+$/, '');
      for (const key of [path, clean, `${clean}/`, `${clean}.html`, `${clean}/index.html`]) this.drop(key);
    }
  }

  private touch(path: string, e: SiteFile): SiteFile {
    // least recently used first out: a hit moves to the end (see lookup)
    this.entries.delete(path);
    this.entries.set(path, e);
    return e;
  }

  private drop(path: string): void {
    const e = this.entries.get(path);
    if (e) this.bytes -= e.bytes;
    this.entries.delete(path);
  }

  private unchanged(e: SiteFile): boolean {
    const file = join(this.root, e.rel);
    return (
      sameStat(e.variants.identity, statOf(file)) &&
      sameStat(e.variants.br, statOf(file + SUFFIX.br)) &&
      sameStat(e.variants.gzip, statOf(file + SUFFIX.gzip))
    );
  }

  private resolve(path: string): string | null {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return null;
    }
    if (decoded.includes('\0')) return null;
    const clean = normalize(decoded).replace(/\/+$/, '');
    for (const c of [clean, `${clean}.html`, join(clean, 'index.html')]) {
      const abs = join(this.root, c);
      if (!abs.startsWith(this.root + sep)) continue;
      if (statOf(abs)?.isFile()) return abs.slice(this.root.length + 1);
    }
    return null;
  }

  private load(rel: string): SiteFile | null {
    const type = TYPES[extname(rel).toLowerCase()];
    const file = join(this.root, rel);
    const s = statOf(file);
    // dotfiles stay private, as with @fastify/static's `dotfiles: 'deny'`
    if (!type || !s?.isFile() || s.size > MAX_FILE_BYTES || rel.split(sep).some((p) => p.startsWith('.'))) return null;
    const entry: SiteFile = { rel, type, variants: { identity: variant(file, s) }, checkedAt: Date.now(), bytes: s.size };
    for (const enc of ['br', 'gzip'] as const) {
      const cs = statOf(file + SUFFIX[enc]);
      // a copy older than its file was made from an earlier version of it
      if (!cs?.isFile() || cs.size > MAX_FILE_BYTES || cs.mtimeMs < s.mtimeMs) continue;
      entry.variants[enc] = variant(file + SUFFIX[enc], cs);
      entry.bytes += cs.size;
    }
    return entry;
  }
}
