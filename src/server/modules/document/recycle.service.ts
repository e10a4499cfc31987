import type { AppContext } from '../../context.ts';
import { coverKey, originalKey, pageKey } from '../../convert/keys.ts';
import { DocumentRepo } from './document.repo.ts';
import { RecycleRepo } from './recycle.repo.ts';

/** Restores recycled documents with their user and category counters (credits are not refunded). One transaction. */
export async function recoverDocuments(ctx: AppContext, ids: number[]): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const back = await new RecycleRepo(trx).recover(ids);
    const docs = new DocumentRepo(trx);
    await docs.moveCategoryCounts(
      back.map((d) => d.id),
      1,
    );
    await docs.moveUserCounts(back, 1);
  });
}

interface Purged {
  hash: string;
  ext: string;
  pages: number;
}

/**
 * Deletes recycled documents for good (`'all'`: the whole bin) with their category links, ratings,
 * favorites (and the favoriters' counters) and attachment rows, in one transaction. Download rows stay:
 * they count towards the daily limits. A file (original, pages, cover, text) is removed only when no
 * other document or live attachment has the same hash. Returns how many documents went.
 */
export async function purgeDocuments(ctx: AppContext, ids: number[] | 'all'): Promise<number> {
  const { count, orphans } = await ctx.db.transaction().execute(async (trx) => {
    const bin = new RecycleRepo(trx);
    const docs = await bin.binned(ids);
    if (!docs.length) return { count: 0, orphans: [] as Purged[] };
    await bin.purge(docs.map((d) => d.id));
    const used = await bin.usedHashes([...new Set(docs.map((d) => d.hash))]);
    const orphans = new Map<string, Purged>();
    for (const d of docs) {
      if (!used.has(d.hash) && !orphans.has(d.hash))
        orphans.set(d.hash, { hash: d.hash, ext: d.ext, pages: Math.max(d.pages, d.preview) });
    }
    if (orphans.size) await bin.deletePageTexts([...orphans.keys()]);
    return { count: docs.length, orphans: [...orphans.values()] };
  });
  // files go after the commit: a rolled-back purge must not have lost them
  for (const o of orphans) {
    const keys = [originalKey(o.hash, o.ext), coverKey(o.hash)];
    for (let n = 1; n <= o.pages; n++) keys.push(pageKey(o.hash, n, true), pageKey(o.hash, n, false));
    await Promise.all(keys.map((k) => ctx.storage.remove(k)));
  }
  return count;
}
