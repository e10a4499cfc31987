/**
 * The site renderer process (spawned by site.builder.ts, one at a time, talking over IPC).
 *
 * It runs `astro build` in-process with a prerenderer that wraps Astro's own and keeps it after
 * the build: the compiled pages, their assets and the build data stay loaded, so one page can
 * later be rendered in milliseconds exactly as the full build renders it (same components, same
 * hashed assets), without the ~30 s of compiling a build takes. See docs/incremental-site.md.
 *
 * argv: `warm <scratchDir> <servedDir>` renders one page per route into a scratch folder only to load
 * everything, and copies into the served site the hashed assets it lacks (templates changed since it
 * was built: `stale` says so); `refresh <scratchDir> <servedDir> [longTailIds]` loads the same way,
 * then renders every page of the served site again in place (render.refresh.ts), and the long-tail
 * pages of the documents the file lists (render.long-tail.ts); `full <outDir> <scratchDir>`
 * does the same into a fresh folder (the first render of a site). Every page is compressed as it
 * is written, on libuv's pool while the next pages render, so no compression pass follows.
 * Messages in: `{ type: 'render', id, root, events }`; out: `built`, `rendered`, `failed`.
 */
import { existsSync } from 'node:fs';
import { cp, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { AstroIntegration, RouteData } from 'astro';
import { build } from 'astro';
import type { ChangeEvent } from '../../events/bus.ts';
import type { IncrementalHooks } from '../../../build/incremental.ts';
import {
  outFile,
  publicFileSet,
  publishBuildFiles,
  pruneServed,
  renderInto,
  scopedRoutes,
  type KeptPrerenderer,
} from './render.refresh.ts';
import { longTailIds, renderLongTail } from './render.long-tail.ts';

export type RenderRequest = { type: 'render'; id: number; root: string; events: ChangeEvent[] };
export type RenderReply =
  /** `pages`: how many a refresh rendered; `longTail`: the URL paths of the long-tail pages among them, `longTailMs` their time */
  | { type: 'built'; ok: true; stale: boolean; ms: number; pages?: number; longTail?: string[]; longTailMs?: number }
  | { type: 'built'; ok: false; error: string }
  | { type: 'rendered'; id: number; rendered: string[]; removed: string[]; ms: number }
  | { type: 'failed'; id: number; error: string };

/** src/build/incremental.ts registers them under this key (INCREMENTAL_HOOKS) from inside the bundle. */
const HOOKS = Symbol.for('wenku.site.incremental');

let kept: KeptPrerenderer | null = null;

/** The kept prerenderer and the bundle's incremental hooks, once the build has loaded them. */
function ready(): { pre: KeptPrerenderer; hooks: IncrementalHooks } {
  const hooks = (globalThis as unknown as Record<symbol, IncrementalHooks | undefined>)[HOOKS];
  if (!kept || !hooks) throw new Error('渲染器尚未就绪');
  return { pre: kept, hooks };
}

const send = (msg: RenderReply) => process.send?.(msg);

/** The build itself renders one page per route: enough to load every page module before Astro deletes its bundle. */
function keeper(): AstroIntegration {
  return {
    name: 'wenku-incremental-renderer',
    hooks: {
      'astro:build:start': ({ setPrerenderer }) => {
        setPrerenderer((def) => {
          kept = def as typeof kept;
          return {
            name: 'wenku-incremental-renderer',
            setup: async () => def.setup?.(),
            getStaticPaths: async () => {
              const all = await def.getStaticPaths();
              const seen = new Set<string>();
              return all.filter((p) => !seen.has(p.route.component) && seen.add(p.route.component));
            },
            render: (request, options) => def.render(request, options),
            // kept open: the renderer renders single pages after the build
            teardown: async () => undefined,
          };
        });
      },
    },
  };
}

async function copyMissingAssets(scratch: string, served: string): Promise<boolean> {
  const have = new Set(await readdir(join(served, '_astro')).catch(() => [] as string[]));
  let missing = false;
  for (const f of await readdir(join(scratch, '_astro')).catch(() => [] as string[])) {
    if (have.has(f)) continue;
    missing = true;
    await cp(join(scratch, '_astro', f), join(served, '_astro', f), { recursive: true });
  }
  return missing;
}

/**
 * Modes `refresh` and `full`: every page of the site rendered (again) in place (render.refresh.ts),
 * then the long-tail pages of the documents listed in `longTailFile` (render.long-tail.ts).
 */
async function refresh(scratch: string, served: string, fresh: boolean, longTailFile?: string) {
  const { pre, hooks } = ready();
  // every page: no static paths kept from a render scoped to a few (scope.ts)
  pre.app?.routeCache.clearAll();
  const all = await pre.getStaticPaths();
  const routes = new Map(all.map((p) => [p.pathname, p.route]));
  const pageFiles = new Set(all.map((p) => outFile(p.pathname, p.route)));
  const assets = await publishBuildFiles(scratch, served, pageFiles);
  const { rendered } = await renderInto(pre, served, [...routes.keys()], routes);
  const started = Date.now();
  const ids = await longTailIds(longTailFile);
  const longTail = await renderLongTail({ pre, hooks, served, rendered: routes }, ids);
  const longTailMs = Date.now() - started;
  for (const path of longTail) pageFiles.add(outFile(path, undefined));
  if (!fresh) await pruneServed(served, pageFiles, assets, await publicFileSet(process.cwd()));
  return { pages: rendered.length + longTail.length, longTail, longTailMs };
}

/**
 * Sitemap parts the index lists but the served site lacks (a kind of item seen for the first time,
 * or a site built before its items existed): rendered with the index, so it never names a 404.
 */
function missingSitemapParts(root: string, routes: ReadonlyMap<string, RouteData>): string[] {
  return [...routes.keys()].filter((p) => p.startsWith('/sitemap/') && !existsSync(join(root, outFile(p, routes.get(p)))));
}

async function renderChanges(req: RenderRequest): Promise<RenderReply> {
  const started = Date.now();
  const { pre, hooks } = ready();
  const candidates = await hooks.apply(req.events);
  const routes = await scopedRoutes(pre, candidates);
  if (candidates.includes('/sitemap.xml')) candidates.push(...missingSitemapParts(req.root, routes));
  const { rendered, removed } = await renderInto(pre, req.root, candidates, routes);
  return { type: 'rendered', id: req.id, rendered, removed, ms: Date.now() - started };
}

async function main() {
  const [mode, first, second, longTailFile] = process.argv.slice(2);
  // `full` names its output first (the folder a build writes), the others the scratch build
  const [outDir, served] = mode === 'full' ? [second, first] : [first, second];
  if (!['full', 'warm', 'refresh'].includes(mode ?? '') || !outDir || (mode !== 'warm' && !served))
    throw new Error('usage: render.child.ts warm|refresh <scratchDir> <servedDir> [longTailIds] | full <outDir> <scratchDir>');
  const started = Date.now();
  // requests are answered one after the other: the data of one batch is settled before the next
  let queue = Promise.resolve();
  process.on('message', (msg: RenderRequest) => {
    if (msg?.type !== 'render') return;
    queue = queue.then(async () => {
      try {
        send(await renderChanges(msg));
      } catch (err) {
        send({ type: 'failed', id: msg.id, error: (err as Error).stack ?? String(err) });
      }
    });
  });
  process.on('disconnect', () => process.exit(0));
  try {
    await build({
      root: process.cwd(),
      outDir,
      logLevel: 'error',
      integrations: [keeper()],
      build: { concurrency: 1 },
    });
    const stale = mode === 'warm' && served ? await copyMissingAssets(outDir, served) : false;
    const done = mode !== 'warm' && served ? await refresh(outDir, served, mode === 'full', longTailFile) : undefined;
    await rm(outDir, { recursive: true, force: true });
    send({ type: 'built', ok: true, stale, ms: Date.now() - started, ...done });
  } catch (err) {
    send({ type: 'built', ok: false, error: (err as Error).stack ?? String(err) });
    process.exit(1);
  }
}

await main();
