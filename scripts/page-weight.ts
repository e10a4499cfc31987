/**
 * Per-route JavaScript budgets (issue 10), checked by size-limit (.size-limit.ts) after the site
 * build: every built page's first-load JavaScript (its module scripts, the React islands it
 * hydrates, and everything those import statically; lazy `import()` chunks are not first load),
 * compared gzipped with the budget of its kind of page. Pages that load the same files are
 * checked once.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export const KB = 1024;

/** Budgets in gzipped kilobytes, by the first path segment of the page; the rest are public pages. */
export const BUDGETS: ReadonlyArray<{ kind: string; match: RegExp; limit: number }> = [
  { kind: 'admin', match: /^admin(\/|\.html$)/, limit: 500 },
  // the member tools: uploading documents, writing articles (its editor)
  { kind: 'upload', match: /^(upload|post)\.html$/, limit: 250 },
  // the member centre and the pages a member goes through to get there (sign-in, VIP, OAuth)
  { kind: 'member', match: /^(member|auth|vip|oauth)(\/|\.html$)/, limit: 250 },
  { kind: 'public', match: /./, limit: 40 },
];

/** `import … from "x.js"`, `import "x.js"` and `export … from "x.js"` (a lazy `import("x.js")` is not first load). */
const STATIC_IMPORT = /(?:^|[;\s}])(?:import|export)\s*(?:[^"'()]*?from\s*)?["']([^"']+\.js)["']/g;
const PAGE_SCRIPT = /<script[^>]*\btype="module"[^>]*\bsrc="\/(_astro\/[^"]+\.js)"/g;
const ISLAND = /\b(?:component|renderer)-url="\/(_astro\/[^"]+\.js)"/g;

function htmlPages(root: string, dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return e.name === '_astro' ? [] : htmlPages(root, p);
    return e.name.endsWith('.html') ? [relative(root, p)] : [];
  });
}

function addWithImports(root: string, file: string, seen: Set<string>): void {
  if (seen.has(file) || !existsSync(join(root, file))) return;
  seen.add(file);
  for (const m of readFileSync(join(root, file), 'utf8').matchAll(STATIC_IMPORT)) {
    const spec = m[1]!;
    addWithImports(root, spec.startsWith('./') ? `_astro/${spec.slice(2)}` : spec.replace(/^\//, ''), seen);
  }
}

/** The JavaScript files a page loads before it is usable, relative to the site folder. */
export function firstLoadScripts(root: string, page: string): string[] {
  const html = readFileSync(join(root, page), 'utf8');
  const seen = new Set<string>();
  for (const re of [PAGE_SCRIPT, ISLAND]) for (const m of html.matchAll(re)) addWithImports(root, m[1]!, seen);
  return [...seen].sort();
}

export interface PageCheck {
  name: string;
  path: string[];
  limit: string;
  gzip: true;
}

/** One size-limit check per distinct set of first-load files, with the budget of its page kind. */
export function pageChecks(root: string): PageCheck[] {
  const seen = new Map<string, PageCheck>();
  for (const page of htmlPages(root).sort()) {
    const files = firstLoadScripts(root, page);
    if (!files.length) continue;
    const budget = BUDGETS.find((b) => b.match.test(page))!;
    const key = `${budget.kind}:${files.join(',')}`;
    if (seen.has(key)) continue;
    seen.set(key, {
      name: `${budget.kind} /${page.replace(/(index)?\.html$/, '')}`,
      path: files.map((f) => join(root, f)),
      limit: `${budget.limit} KB`,
      gzip: true,
    });
  }
  return [...seen.values()];
}
