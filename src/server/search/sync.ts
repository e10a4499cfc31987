import type { AppContext } from '../context.ts';
import type { Database } from '../db/db.ts';
import { backendFor } from './backends.ts';
import { hasArticles, indexArticles, indexDocuments } from './indexer.ts';
import { purgeSearchRecords } from './records.ts';
import { ARTICLES, DOCUMENTS, maxId, staleIds, type Scope, type Source } from './stale.ts';

/**
 * Keeps the index right even when a module changes documents or articles without calling the
 * indexer (see stale.ts for what counts as a change). Two passes:
 * - full (`syncIndex`): every item, in id slices; also purges old search records. Runs on the
 *   timer of `startSearchSync`, and in the background from searches when none ran for 5 s
 *   (the first search of the process waits up to 1.5 s for it).
 * - quick: items updated in the last minute (indexed updated_at); searches await it when the
 *   last one is older than 2 s, so an edit shows in the next search.
 * Searches also filter on the live status, so a disabled or deleted item never shows.
 */

export interface SyncResult {
  indexed: number;
}

interface State {
  lastFull: number;
  lastQuick: number;
  full: Promise<SyncResult> | null;
  quick: Promise<SyncResult> | null;
}

// each slice is one synchronous statement on SQLite: small enough not to hold up a search for long
const SLICE = 2000;
const QUICK_LIMIT = 200;
const QUICK_WINDOW_MS = 60_000;
const FIRST_WAIT_MS = 1500;

const states = new WeakMap<Database, State>();
const stateOf = (db: Database): State => {
  let s = states.get(db);
  if (!s) states.set(db, (s = { lastFull: 0, lastQuick: 0, full: null, quick: null }));
  return s;
};

const index = (db: Database, src: Source, ids: number[]) =>
  src.kind === 'doc' ? indexDocuments(db, ids) : indexArticles(db, ids);

async function sources(db: Database): Promise<Source[]> {
  return (await hasArticles(db)) ? [DOCUMENTS, ARTICLES] : [DOCUMENTS];
}

async function pass(db: Database, src: Source, scope: Scope, limit: number): Promise<number> {
  let done = 0;
  for (;;) {
    const ids = await staleIds(db, src, scope, limit);
    await index(db, src, ids);
    done += ids.length;
    // what was indexed is no longer stale, so asking again finds the rest
    if (ids.length < limit || 'since' in scope) return done;
  }
}

async function runFull(db: Database): Promise<SyncResult> {
  let indexed = 0;
  for (const src of await sources(db)) {
    const last = await maxId(db, src);
    for (let from = 0; from < last; from += SLICE) indexed += await pass(db, src, { from, to: from + SLICE }, 500);
  }
  await purgeSearchRecords(db);
  return { indexed };
}

/** Items updated since `since` (ISO time), at most 200 per kind. */
export async function quickSync(db: Database, since: string): Promise<SyncResult> {
  let indexed = 0;
  for (const src of await sources(db)) indexed += await pass(db, src, { since }, QUICK_LIMIT);
  return { indexed };
}

function startFull(db: Database): Promise<SyncResult> {
  const state = stateOf(db);
  const started = Date.now();
  state.full ??= runFull(db).finally(() => {
    state.lastFull = started;
    state.full = null;
  });
  return state.full;
}

/** A full pass over every document and article that starts after this call (it waits for a running one). */
export async function syncIndex(db: Database): Promise<SyncResult> {
  const state = stateOf(db);
  while (state.full) await state.full.catch(() => undefined);
  return startFull(db);
}

/** Before a search: the quick pass when the last is older than `maxAgeMs`; a background full pass every 5 s. */
export async function ensureFresh(db: Database, maxAgeMs = 2000): Promise<void> {
  const state = stateOf(db);
  const now = Date.now();
  const first = state.lastFull === 0;
  if (!state.full && now - state.lastFull > 5000) startFull(db).catch(() => undefined);
  // the first search of the process waits a little for the first full pass (items imported
  // or changed while the server was down), but never long when there is a backlog to index
  if (first && state.full)
    await Promise.race([state.full.catch(() => undefined), new Promise((r) => setTimeout(r, FIRST_WAIT_MS).unref())]);
  if (!state.quick && now - state.lastQuick <= maxAgeMs) return;
  const since = new Date((state.lastQuick || now) - QUICK_WINDOW_MS).toISOString();
  state.quick ??= quickSync(db, since).finally(() => {
    state.lastQuick = now;
    state.quick = null;
  });
  await state.quick;
}

/** Runs a full pass every `intervalMs` (and once at once); returns a stop function. */
export function startSearchSync(
  ctx: Pick<AppContext, 'db'>,
  intervalMs = 5000,
  log: (msg: string) => void = console.error,
): () => void {
  let stopped = false;
  backendFor(ctx.db)
    .repair?.(ctx.db)
    .catch((err: Error) => log(`[search] 索引设置恢复失败：${err.message}`));
  const tick = () => {
    if (stopped || stateOf(ctx.db).full) return;
    startFull(ctx.db).catch((err: Error) => log(`[search] 索引同步失败：${err.message}`));
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
