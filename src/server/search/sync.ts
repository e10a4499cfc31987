import type { AppContext } from '../context.ts';
import type { Database } from '../db/db.ts';
import { backendFor } from './backends.ts';
import { hasArticles, indexArticles, indexDocuments } from './indexer.ts';
import { purgeSearchRecords } from './records.ts';
import { ARTICLES, DOCUMENTS, maxId, staleIds, type Scope, type Source } from './stale.ts';

/**
 * The consistency sweep. Writes of this process reach the index through the change events
 * (follow.ts), so searches never wait for it; the sweep only catches what no event of this
 * process told: documents converted by separate `npm run worker` processes or other instances,
 * items changed while the server was down, a moredoc import. It walks every document and
 * article in id slices (see stale.ts for what counts as a change) and purges old search records.
 */

export interface SyncResult {
  indexed: number;
}

// each slice is one synchronous statement on SQLite: small enough not to hold up a search for long
const SLICE = 2000;

const running = new WeakMap<Database, Promise<SyncResult>>();

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

function startFull(db: Database): Promise<SyncResult> {
  let p = running.get(db);
  if (!p) {
    p = runFull(db).finally(() => running.delete(db));
    running.set(db, p);
  }
  return p;
}

/** A full pass over every document and article that starts after this call (it waits for a running one). */
export async function syncIndex(db: Database): Promise<SyncResult> {
  for (let p = running.get(db); p; p = running.get(db)) await p.catch(() => undefined);
  return startFull(db);
}

/** Runs the sweep every `intervalMs` (and once at once); returns a stop function. */
export function startSearchSync(
  ctx: Pick<AppContext, 'db'>,
  intervalMs = 60_000,
  log: (msg: string) => void = console.error,
): () => void {
  let stopped = false;
  backendFor(ctx.db)
    .repair?.(ctx.db)
    .catch((err: Error) => log(`[search] 索引设置恢复失败：${err.message}`));
  const tick = () => {
    if (stopped || running.has(ctx.db)) return;
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
