/**
 * The pages an incremental render renders: render.child.ts sets them around its static paths, and a
 * route with a page per document lists only those among its documents, so that a batch's work
 * follows the batch, not the library (listing the path of each of 240,000 pre-rendered documents
 * took seconds per batch: docs/performance.md). Unset in full renders, which list every page. The
 * pages are compiled into a Vite bundle the renderer cannot import, hence the global key.
 */
const SCOPE = Symbol.for('wenku.site.render-scope');
type Holder = Record<symbol, ReadonlySet<string> | undefined>;
const holder = globalThis as unknown as Holder;

/** Whether the page at this URL path is one the current render renders (always, in a full render). */
export function inRenderScope(path: string): boolean {
  const scope = holder[SCOPE];
  return !scope || scope.has(path);
}

/** Runs `fn` (which lists static paths) with the render scoped to these URL paths. */
export async function withRenderScope<T>(paths: readonly string[], fn: () => Promise<T>): Promise<T> {
  holder[SCOPE] = new Set(paths);
  try {
    return await fn();
  } finally {
    holder[SCOPE] = undefined;
  }
}
