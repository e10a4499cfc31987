import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/db.ts';
import { indexArticles } from '../../search/indexer.ts';

/** `saved`: created, edited, reviewed, recommended, re-categorised or restored; `removed`: deleted (to the recycle bin or for good). */
export type ArticleChange = 'saved' | 'removed';
export type ArticleListener = (db: Database, ids: number[], change: ArticleChange) => unknown;

const listeners = new Set<ArticleListener>();

/** The search index follows every change: published live articles are (re)indexed, all others taken out. */
const searchIndex: ArticleListener = (db, ids) => indexArticles(db, ids);

/**
 * Subscribes to article changes (the search index, caches…). Listeners run after the change is
 * committed; their failures are logged and never undo or fail the request. Returns an unsubscribe function.
 */
export function onArticleChanged(fn: ArticleListener): () => void {
  listeners.add(fn);
  return () => {
    listeners.delete(fn);
  };
}

/** Updates the search index and tells every listener that these articles changed. */
export async function articleChanged(db: Database, ids: number[], change: ArticleChange, log?: FastifyBaseLogger): Promise<void> {
  if (!ids.length) return;
  for (const fn of [searchIndex, ...listeners]) {
    try {
      await fn(db, ids, change);
    } catch (err) {
      log?.error({ err, ids, change }, '文章变更通知失败');
    }
  }
}

/** After a committed write: the public site is rebuilt and the index and listeners are told. */
export function published(
  app: FastifyInstance,
  req: FastifyRequest,
  ids: number[],
  change: ArticleChange,
): Promise<void> | undefined {
  if (!ids.length) return;
  app.ctx.requestSiteRebuild('article');
  return articleChanged(app.ctx.db, ids, change, req.log);
}
