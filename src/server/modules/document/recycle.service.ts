import type { AppContext } from '../../context.ts';
import { DocumentRepo } from './document.repo.ts';
import { RecycleRepo } from './recycle.repo.ts';
import { removeStoredFiles, unusedFiles } from './stored-file.ts';

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
    if (!docs.length) return { count: 0, orphans: [] };
    await bin.purge(docs.map((d) => d.id));
    const orphans = await unusedFiles(
      trx,
      docs.map((d) => ({ hash: d.hash, ext: d.ext, pages: Math.max(d.pages, d.preview) })),
    );
    return { count: docs.length, orphans };
  });
  // files go after the commit: a rolled-back purge must not have lost them
  await removeStoredFiles(ctx, orphans);
  return count;
}
