/**
 * A full render in place keeps the long tail (docs/incremental-site.md "The long tail"): the pages
 * readers asked for past the pre-rendered documents are rendered again with the rest of the site,
 * instead of being taken out and rendered one by one for their next readers. The server names
 * their documents in a file (one id a line); they are rendered in batches, as the incremental
 * renderer renders a reader's request (a `visited` change), so the renderer holds one batch of
 * them at a time, never the whole long tail.
 */
import { readFile } from 'node:fs/promises';
import type { RouteData } from 'astro';
import type { IncrementalHooks } from '../../../build/incremental.ts';
import type { ChangeEvent } from '../../events/bus.ts';
import { renderInto, scopedRoutes, type KeptPrerenderer } from './render.refresh.ts';

/** Documents per batch: ten calls of /document/list (24 a call) and their pages. */
const BATCH = 240;

export interface LongTailRender {
  pre: KeptPrerenderer;
  /** the incremental hooks: the pages a batch of changes names */
  hooks: IncrementalHooks;
  served: string;
  /** the pages the full render rendered already (pre-rendered pages are not long tail) */
  rendered: ReadonlyMap<string, RouteData>;
}

/** The document ids the server wrote to `file`, one a line; none without a file (a first render). */
export async function longTailIds(file: string | undefined): Promise<number[]> {
  if (!file) return [];
  // a file named but missing fails the render: the long tail is never dropped unnoticed
  const text = await readFile(file, 'utf8');
  return text
    .split('\n')
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0);
}

/** Renders the pages of these documents that the full render did not; answers their URL paths. */
export async function renderLongTail(r: LongTailRender, ids: readonly number[]): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < ids.length; i += BATCH) {
    const events: ChangeEvent[] = [{ kind: 'document', ids: ids.slice(i, i + BATCH), change: 'visited' }];
    const named = (await r.hooks.apply(events)).filter((p) => !r.rendered.has(p));
    const routes = await scopedRoutes(r.pre, named);
    // a document hidden since has no page named: its file is taken out with the other stale pages
    const { rendered } = await renderInto(
      r.pre,
      r.served,
      named.filter((p) => routes.has(p)),
      routes,
    );
    out.push(...rendered);
  }
  // the last batch's documents lose their static paths
  await r.hooks.apply([]);
  r.pre.app?.routeCache.clearAll();
  return out;
}
