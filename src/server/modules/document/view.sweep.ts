import type { AppContext } from '../../context.ts';
import { every } from '../../periodic.ts';

/** A reader's views of one document within this interval count once (document_views, migration 020). */
export const VIEW_INTERVAL_MS = 30 * 60_000;

/**
 * Forgets, every `everyMs`, the readers whose last counted view is older than the interval: the table
 * holds the readers of the last interval only. Any instance may run it (the delete is idempotent).
 */
export function startViewSweep(ctx: Pick<AppContext, 'repos'>, everyMs: number, log: (msg: string) => void): () => void {
  return every(
    everyMs,
    async () => {
      await ctx.repos.documentViews.forgetOldViews(VIEW_INTERVAL_MS);
    },
    (err) => log(`清理浏览记录失败：${err.message}`),
  );
}
