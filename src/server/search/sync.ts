import type { AppContext } from '../context.ts';
import type { Database } from '../db/db.ts';
import { ARTICLE_INDEXED_STATUS, DOC_INDEXED_STATUS, hasArticles, indexArticles, indexDocuments } from './indexer.ts';
import { purgeSearchRecords } from './records.ts';

/**
 * Keeps the index right even when a module changes documents or articles without calling the
 * indexer: items whose `updated_at`, status or deleted state differ from what `search_refs`
 * recorded at indexing time are re-indexed (or taken out), and items that appeared, vanished
 * or became (in)visible are found the same way. Searches also filter on the live status, so a
 * disabled or deleted item never shows even between two syncs.
 */

export interface SyncResult {
  indexed: number;
  more: boolean;
}

interface State {
  last: number;
  running: Promise<SyncResult> | null;
}

const states = new WeakMap<Database, State>();
const stateOf = (db: Database): State => {
  let s = states.get(db);
  if (!s) states.set(db, (s = { last: 0, running: null }));
  return s;
};

/** Ids of documents the index does not reflect: new, changed, hidden, deleted or gone. */
async function staleDocuments(db: Database, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('documents as d')
    .leftJoin('search_refs as r', (j) => j.on('r.kind', '=', 'doc').onRef('r.ref_id', '=', 'd.id'))
    .select('d.id')
    .where((eb) =>
      eb.or([
        eb.and([eb('r.ref_id', 'is', null), eb('d.status', '=', DOC_INDEXED_STATUS), eb('d.deleted_at', 'is', null)]),
        eb.and([
          eb('r.ref_id', 'is not', null),
          eb.or([eb('r.source_updated_at', '!=', eb.ref('d.updated_at')), eb('r.status', '!=', eb.ref('d.status')), eb('d.deleted_at', 'is not', null)]),
        ]),
      ]),
    )
    .limit(limit)
    .execute();
  const gone = await db
    .selectFrom('search_refs as r')
    .leftJoin('documents as d', 'd.id', 'r.ref_id')
    .select('r.ref_id')
    .where('r.kind', '=', 'doc')
    .where('d.id', 'is', null)
    .limit(limit)
    .execute();
  return [...rows.map((r) => r.id), ...gone.map((r) => r.ref_id)];
}

async function staleArticles(db: Database, limit: number): Promise<number[]> {
  if (!(await hasArticles(db))) return [];
  const rows = await db
    .selectFrom('articles as a')
    .leftJoin('search_refs as r', (j) => j.on('r.kind', '=', 'article').onRef('r.ref_id', '=', 'a.id'))
    .select('a.id')
    .where((eb) =>
      eb.or([
        eb.and([eb('r.ref_id', 'is', null), eb('a.status', '=', ARTICLE_INDEXED_STATUS), eb('a.deleted_at', 'is', null)]),
        eb.and([
          eb('r.ref_id', 'is not', null),
          eb.or([eb('r.source_updated_at', '!=', eb.ref('a.updated_at')), eb('r.status', '!=', eb.ref('a.status')), eb('a.deleted_at', 'is not', null)]),
        ]),
      ]),
    )
    .limit(limit)
    .execute();
  const gone = await db
    .selectFrom('search_refs as r')
    .leftJoin('articles as a', 'a.id', 'r.ref_id')
    .select('r.ref_id')
    .where('r.kind', '=', 'article')
    .where('a.id', 'is', null)
    .limit(limit)
    .execute();
  return [...rows.map((r) => r.id), ...gone.map((r) => r.ref_id)];
}

async function runSync(db: Database, limit: number): Promise<SyncResult> {
  const docs = await staleDocuments(db, limit);
  await indexDocuments(db, docs);
  const articles = await staleArticles(db, limit);
  await indexArticles(db, articles);
  await purgeSearchRecords(db);
  return { indexed: docs.length + articles.length, more: docs.length >= limit || articles.length >= limit };
}

/**
 * One sync pass over at most `limit` documents and `limit` articles (a first start on a large
 * existing library catches up over several passes). Concurrent callers share the running pass.
 */
export function syncIndex(db: Database, limit = 500): Promise<SyncResult> {
  const state = stateOf(db);
  state.running ??= runSync(db, limit).finally(() => {
    state.last = Date.now();
    state.running = null;
  });
  return state.running;
}

/** Before a search: waits for a running pass, or runs a small one when the last is older than `maxAgeMs`. */
export async function ensureFresh(db: Database, maxAgeMs = 2000): Promise<void> {
  const state = stateOf(db);
  if (state.running) await state.running;
  else if (Date.now() - state.last > maxAgeMs) await syncIndex(db, 200);
}

/** Syncs every `intervalMs` (catching up in consecutive passes); returns a stop function. */
export function startSearchSync(ctx: Pick<AppContext, 'db'>, intervalMs = 5000, log: (msg: string) => void = console.error): () => void {
  let stopped = false;
  let busy = false;
  const tick = async () => {
    if (busy || stopped) return;
    busy = true;
    try {
      while (!stopped && (await syncIndex(ctx.db)).more) {
        /* keep catching up */
      }
    } catch (err) {
      log(`[search] 索引同步失败：${(err as Error).message}`);
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  void tick();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
