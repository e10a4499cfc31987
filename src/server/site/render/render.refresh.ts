/**
 * A full render of a site that is already served, done in place (render.child.ts, mode `refresh`):
 * the compiled build lands in a small scratch folder (one page per route), its assets and public
 * files are copied into the served folder, then every page is rendered and renamed over its old
 * file, and what no route produces any more is taken out. The disk holds one copy of the site plus
 * the scratch folder, never two builds (docs/incremental-site.md); each file is swapped atomically,
 * so a visitor sees an old page or a new one, never half of one.
 */
import { access, readdir, readFile, rm } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { AstroPrerenderer, RouteData } from 'astro';
import { withRenderScope } from '../../../build/scope.ts';
import { removeSiteFile } from '../precompress.ts';
import { PageWriter } from './page-writer.ts';

/** Astro's own prerenderer, kept after the build (render.child.ts; `app` is set by its setup). */
export type KeptPrerenderer = AstroPrerenderer & { app?: { routeCache: { clearAll(): void } } };

const ORIGIN = 'http://localhost';
/** Pages rendered at a time: rendering is CPU-bound; while some wait for their data or their writing, others render. */
const PARALLEL = 6;
const COMPRESSED = /\.(br|gz)$/;

let writer: PageWriter | null = null;
/** Every page and file of a render is written through one writer thread, made on first use and again if it died. */
const write = (file: string, data: Uint8Array) => {
  if (!writer || writer.dead) writer = new PageWriter();
  return writer.write(file, data);
};

async function files(dir: string, out: string[] = []): Promise<string[]> {
  for (const e of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const p = join(dir, e.name);
    if (e.isDirectory()) await files(p, out);
    else if (e.isFile()) out.push(p);
  }
  return out;
}

/**
 * Copies the scratch build's non-page files into the served site, with their compressed copies:
 * hashed assets it lacks (a hashed name never changes content) and public files (favicon, icons),
 * which may have changed.
 * Returns the set of asset names the new build uses.
 */
export async function publishBuildFiles(scratch: string, served: string, pageFiles: ReadonlySet<string>): Promise<Set<string>> {
  const assets = new Set<string>();
  for (const file of await files(scratch)) {
    const rel = relative(scratch, file);
    if (pageFiles.has(rel.replace(COMPRESSED, ''))) continue;
    const target = join(served, rel);
    if (rel.startsWith(`_astro${sep}`)) {
      assets.add(rel);
      const present = await access(target).then(
        () => true,
        () => false,
      );
      if (present) continue;
    }
    await write(target, await readFile(file));
  }
  return assets;
}

/** The file a page path is written to (`build.format: 'file'`). */
export function outFile(pathname: string, route: RouteData | undefined): string {
  if (pathname === '/' || pathname === '') return 'index.html';
  const rel = pathname.replace(/^\/+/, '');
  return route?.type === 'endpoint' || /\.(xml|txt|json)$/.test(rel) ? rel : `${rel}.html`;
}

/** The routes of these URL paths only, listed afresh: items appeared or left, and props come from the updated data. */
export async function scopedRoutes(pre: KeptPrerenderer, paths: readonly string[]): Promise<Map<string, RouteData>> {
  pre.app?.routeCache.clearAll();
  const listed = await withRenderScope(paths, () => pre.getStaticPaths());
  return new Map(listed.map((p) => [p.pathname, p.route]));
}

/** Renders `paths` into `root`, each written beside its file and renamed over it (with its compressed copies). */
export async function renderInto(
  pre: AstroPrerenderer,
  root: string,
  paths: readonly string[],
  routes: ReadonlyMap<string, RouteData>,
): Promise<{ rendered: string[]; removed: string[] }> {
  const rendered: string[] = [];
  const removed: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < paths.length) {
      const path = paths[next++]!;
      const route = routes.get(path);
      const rel = outFile(path, route);
      const file = join(root, rel);
      if (!route) {
        if (await removeSiteFile(file)) removed.push(path);
        continue;
      }
      const url = new URL(rel === 'index.html' ? '/index.html' : `/${rel}`, ORIGIN);
      const out = await pre.render(new Request(url), { routeData: route });
      const response = out instanceof Response ? out : out.response;
      // the error pages answer with their own status, as in a build
      const errorPage = route.route === '/404' || route.route === '/500';
      if (response.status !== 200 && !errorPage) throw new Error(`${path} 渲染失败：HTTP ${response.status}`);
      await write(file, new Uint8Array(await response.arrayBuffer()));
      rendered.push(path);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return { rendered, removed };
}

/**
 * Takes out of the served site the pages no route renders any more (a document hidden while the
 * site was rendered elsewhere) and the hashed assets the new build no longer uses. Public files
 * and anything not made by a build are left alone.
 */
export async function pruneServed(
  served: string,
  pages: ReadonlySet<string>,
  assets: ReadonlySet<string>,
  publicFiles: ReadonlySet<string>,
): Promise<number> {
  let removed = 0;
  for (const file of await files(served)) {
    const rel = relative(served, file);
    const base = rel.replace(COMPRESSED, '');
    const stale = rel.startsWith(`_astro${sep}`)
      ? !assets.has(base) && !assets.has(rel)
      : /\.(html|xml)$/.test(base) && !pages.has(base) && !publicFiles.has(base);
    if (!stale) continue;
    await rm(file, { force: true });
    removed++;
  }
  return removed;
}

/** Paths of the project's public/ folder, relative (copied verbatim by every build). */
export async function publicFileSet(projectRoot: string): Promise<Set<string>> {
  const dir = join(projectRoot, 'public');
  return new Set((await files(dir)).map((f) => relative(dir, f)));
}
