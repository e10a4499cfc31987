import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import type { FastifyReply } from 'fastify';
import { cspWith } from '../http/security.ts';

/**
 * Inline `<script>` elements of a built page (no `src`). Astro's own CSP support hashes the
 * scripts it bundles but not `is:inline` ones (the head's auth flag, the 404 page's bot check), so
 * the server hashes every inline script of the file it sends: a new inline script needs no list.
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

const cache = new Map<string, { mtimeMs: number; size: number; hashes: string[] }>();

async function hashesOf(file: string): Promise<string[]> {
  const st = await stat(file);
  const hit = cache.get(file);
  // a rebuild replaces the files behind the same path
  if (hit && hit.mtimeMs === st.mtimeMs && hit.size === st.size) return hit.hashes;
  const hashes = inlineScriptHashes(await readFile(file, 'utf8'));
  cache.set(file, { mtimeMs: st.mtimeMs, size: st.size, hashes });
  return hashes;
}

/** Sets the CSP of an HTML file of the site: the common policy plus the hashes of its inline scripts. */
export async function pageCsp(reply: FastifyReply, file: string): Promise<void> {
  if (!file.endsWith('.html')) return;
  const hashes = await hashesOf(file);
  if (hashes.length) reply.helmet({ contentSecurityPolicy: cspWith(hashes) });
}
