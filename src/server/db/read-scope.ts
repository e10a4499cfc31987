import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * A request that only reads (GET, HEAD). Its change-counter checks (versions.ts) share the first
 * read made for it: that read started after the request arrived, so it already shows every write
 * committed before the request came in, which is all a check promises. A PostgreSQL list used to
 * read the counters twice (its shared answer, then its total's cache), one round trip each.
 * Requests that write never get a scope: a check after their own write must see it.
 */
interface ReadScope {
  versions: WeakMap<object, Promise<string>>;
  /** the request was answered: work it started (timers, listeners) carries the scope on and reads afresh */
  done: boolean;
}

const scope = new AsyncLocalStorage<ReadScope>();

/** Runs `fn` (one request's handling) as one read-only unit until `answered` emits 'close'. */
export function withinRead<T>(answered: { once(event: 'close', listener: () => void): unknown }, fn: () => T): T {
  const s: ReadScope = { versions: new WeakMap(), done: false };
  answered.once('close', () => (s.done = true));
  return scope.run(s, fn);
}

/** The counters read for this read-only request from `db`, reading them once with `read`; outside one, `read()`. */
export function scopedVersions(db: object, read: () => Promise<string>): Promise<string> {
  const s = scope.getStore();
  if (!s || s.done) return read();
  let kept = s.versions.get(db);
  if (!kept) {
    kept = read();
    s.versions.set(db, kept);
    // a failed read is not kept: the next check of the request tries again
    kept.catch(() => s.versions.get(db) === kept && s.versions.delete(db));
  }
  return kept;
}
