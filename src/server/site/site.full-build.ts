import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, realpath, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Built } from './render/renderer.ts';
import type { SiteFolder } from './site.folder.ts';

export interface FullBuild {
  folder: SiteFolder;
  /** starts a renderer process on these arguments (render/renderer.ts) */
  spawn: (args: string[]) => { child: ChildProcess; built: Promise<Built> };
  log: (msg: string, fields?: Record<string, unknown>) => void;
  onRendered?: (pages: number) => void;
  /** the documents whose long-tail pages a render in place renders again (site.long-tail.ts) */
  longTailDocuments?: () => Promise<number[]>;
}

/** The renderer process that rendered the site, and the build it holds: kept to render item changes. */
export interface Rendered {
  child: ChildProcess;
  root: string;
  /** the URL paths of the long-tail pages it rendered again (none in a fresh folder) */
  longTail: string[];
}

const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);

/**
 * Renders every page again (docs/incremental-site.md): in place once a site is served (`served`), so a
 * large site is never on disk twice; else into a fresh folder that `current` is then swapped to. A
 * visitor sees an old page or a new one, never half of one. Null when it failed (logged).
 */
export async function renderWholeSite(b: FullBuild, served: string | null, started: number): Promise<Rendered | null> {
  await mkdir(b.folder.buildsDir, { recursive: true });
  await b.folder.removeStaleBuilds(null);
  const partial = join(b.folder.buildsDir, `partial-${process.pid}-${started}`);
  const done = served ? await refreshInPlace(b, partial, served, started) : await buildFresh(b, partial, started);
  if (!done) return null;
  // other instances' renderers now hold older data: they warm anew before their next render
  await b.folder.markFullRender(started);
  // a marking made after this render started is left for the next one
  if (b.folder.isStale() && (await b.folder.staleSince()) <= started) await b.folder.clearStale();
  if (!served) await b.folder.removeStaleBuilds(basename(done.root));
  return done;
}

/** Every page rendered again in place (render.refresh.ts); `scratch` holds only the compiled build meanwhile. */
async function refreshInPlace(b: FullBuild, scratch: string, served: string, started: number): Promise<Rendered | null> {
  const longTailFile = `${scratch}.long-tail`;
  await writeFile(longTailFile, ((await b.longTailDocuments?.()) ?? []).join('\n'));
  const { child, built } = b.spawn(['refresh', scratch, served, longTailFile]);
  const reply = await built;
  await rm(scratch, { recursive: true, force: true });
  await rm(longTailFile, { force: true });
  if (!reply.ok) {
    child.kill();
    // pages already rendered stay (each is whole); the stale marker asks the next start again
    b.log(`站点整站渲染失败（已渲染的页面保留）：${reply.error}`);
    return null;
  }
  const longTail = reply.longTail ?? [];
  const tail = `其中按需生成的文档页 ${longTail.length} 页，用时 ${((reply.longTailMs ?? 0) / 1000).toFixed(1)} 秒`;
  const pages = reply.pages === undefined ? '' : `原地渲染 ${reply.pages} 页（${tail}），`;
  if (reply.pages) b.onRendered?.(reply.pages);
  b.log(`站点构建完成（整站，${pages}未另建副本），用时 ${seconds(started)} 秒`);
  return { child, root: served, longTail };
}

/** The first site: written into `partial`, renamed to `build-<ms>` and served; the old build is kept on failure. */
async function buildFresh(b: FullBuild, partial: string, started: number): Promise<Rendered | null> {
  // pages are compressed as they are written (render.refresh.ts): no pass over the site follows
  const scratch = `${partial}-scratch`;
  const { child, built } = b.spawn(['full', partial, scratch]);
  const reply = await built;
  await rm(scratch, { recursive: true, force: true });
  if (!reply.ok) b.log(`站点构建失败（保留旧站点）：${reply.error}`);
  if (!reply.ok || !existsSync(join(partial, 'index.html'))) {
    child.kill();
    await rm(partial, { recursive: true, force: true });
    return null;
  }
  const out = join(b.folder.buildsDir, `build-${started}`);
  await b.folder.publish(partial, out);
  b.log(`站点构建完成（整站），用时 ${seconds(started)} 秒`);
  return { child, root: await realpath(out), longTail: [] };
}
