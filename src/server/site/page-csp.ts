import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import type { FastifyReply } from 'fastify';
import { cspHeaderWith } from '../http/security.ts';
import type { SiteFile } from './site.files.ts';

/**
 * Inline `<script>` elements of a built page (no `src`). Astro's own CSP support hashes the
 * scripts it bundles but not `is:inline` ones (the head's auth flag, the 404 page's bot check), so
 * the server hashes every inline script of the page it sends: a new inline script needs no list.
 */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const EXTERNAL = /\bsrc\s*=/i;
/** JSON data blocks (`type="application/json"`) never run: only scripts without a type, modules and JavaScript types do. */
const TYPE = /\btype\s*=\s*["']?([^"'\s>]+)/i;
const RUNS = new Set(['module', 'text/javascript', 'application/javascript']);

export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attrs = '', body = ''] of html.matchAll(INLINE_SCRIPT)) {
    const type = TYPE.exec(attrs)?.[1]?.toLowerCase();
    if (EXTERNAL.test(attrs) || !body || (type && !RUNS.has(type))) continue;
    hashes.add(`sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}`);
  }
  return [...hashes];
}

const pageHeader = (html: string): string => cspHeaderWith(inlineScriptHashes(html));

// A changed file is a new SiteFile object: its policy is worked out once per version.
const kept = new WeakMap<SiteFile, string>();

/** The CSP of a page held in memory: the common policy plus the hashes of its inline scripts; none for other files. */
export function pageCsp(file: SiteFile): string | undefined {
  const body = file.variants.identity?.body;
  if (!file.rel.endsWith('.html') || !body) return undefined;
  let header = kept.get(file);
  if (header === undefined) {
    header = pageHeader(body.toString('utf8'));
    kept.set(file, header);
  }
  return header;
}

const onDisk = new Map<string, { mtimeMs: number; size: number; header: string }>();

/** The same for a page sent from disk (too large to keep in memory). */
export async function diskPageCsp(reply: FastifyReply, path: string): Promise<void> {
  if (!path.endsWith('.html')) return;
  const st = await stat(path);
  let hit = onDisk.get(path);
  // a rebuild replaces the files behind the same path
  if (!hit || hit.mtimeMs !== st.mtimeMs || hit.size !== st.size) {
    hit = { mtimeMs: st.mtimeMs, size: st.size, header: pageHeader(await readFile(path, 'utf8')) };
    onDisk.set(path, hit);
  }
  reply.header('content-security-policy', hit.header);
}
