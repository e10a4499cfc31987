/**
 * Build data fetched once per render process, and put right item by item when the incremental
 * renderer (src/server/site/render/) says what changed. The pages are compiled into a Vite bundle
 * the renderer cannot import, so both meet through one global registry (a `Symbol.for` key).
 */

export interface Memo<T> {
  (): Promise<T>;
  /** forgets the value: the next call fetches it again */
  reset(): void;
  /** replaces a loaded value (no-op when none was loaded yet) */
  patch(fn: (value: T) => T): Promise<void>;
}

const REGISTRY = Symbol.for('wenku.build.memos');
type Registry = Map<string, Memo<unknown>>;

export function memoRegistry(): Registry {
  const g = globalThis as unknown as Record<symbol, Registry | undefined>;
  return (g[REGISTRY] ??= new Map());
}

/** `fn` once per process (or once again after `reset`), under `key` in the registry. */
export function memo<T>(key: string, fn: () => Promise<T>): Memo<T> {
  let p: Promise<T> | null = null;
  const get = (() => (p ??= fn())) as Memo<T>;
  get.reset = () => {
    p = null;
  };
  get.patch = async (change) => {
    if (!p) return;
    const value = await p;
    p = Promise.resolve(change(value));
  };
  memoRegistry().set(key, get as Memo<unknown>);
  return get;
}
