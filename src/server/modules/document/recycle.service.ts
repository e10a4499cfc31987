import type { AppContext } from '../../context.ts';
import { coverKey, originalKey, pageKey } from '../../convert/keys.ts';
import { nowIso } from '../../db/dialect.ts';
import { ATTACHMENT_TYPE } from '../../../contract/upload.ts';
import { moveCategoryCounts, moveUserCounts } from './document.repo.ts';

/** Restores recycled documents with their user and category counters (credits are not refunded). One transaction. */
export async function recoverDocuments(ctx: AppContext, ids: number[]): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const back = await trx
      .updateTable('documents')
      .set({ deleted_at: null, deleted_user_id: 0, updated_at: nowIso() })
      .where('id', 'in', ids)
      .where('deleted_at', 'is not', null)
      .returning(['id', 'user_id'])
      .execute();
    await moveCategoryCounts(
      trx,
      back.map((d) => d.id),
      1,
    );
    await moveUserCounts(trx, back, 1);
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
    let q = trx.selectFrom('documents').select(['id', 'hash', 'ext', 'pages', 'preview']).where('deleted_at', 'is not', null);
    if (ids !== 'all') q = q.where('id', 'in', ids.length ? ids : [0]);
    const docs = await q.execute();
    if (!docs.length) return { count: 0, orphans: [] as Purged[] };
    const docIds = docs.map((d) => d.id);
    const favs = await trx
      .selectFrom('favorites')
      .select(['user_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('type', '=', 0)
      .where('document_id', 'in', docIds)
      .groupBy('user_id')
      .execute();
    for (const f of favs) {
      const by = Number(f.n);
      await trx
        .updateTable('users')
        .set((eb) => ({ favorite_count: eb('favorite_count', '-', by) }))
        .where('id', '=', f.user_id)
        .execute();
    }
    await trx.deleteFrom('favorites').where('type', '=', 0).where('document_id', 'in', docIds).execute();
    await trx.deleteFrom('document_scores').where('document_id', 'in', docIds).execute();
    await trx.deleteFrom('document_categories').where('document_id', 'in', docIds).execute();
    // an attachment marked illegal (enable 0) stays: it is what refuses the file at upload
    await trx
      .deleteFrom('attachments')
      .where('type', '=', ATTACHMENT_TYPE.document)
      .where('type_id', 'in', docIds)
      .where('enable', '=', 1)
      .execute();
    await trx.deleteFrom('documents').where('id', 'in', docIds).execute();

    const hashes = [...new Set(docs.map((d) => d.hash))];
    const used = new Set([
      ...(await trx.selectFrom('documents').select('hash').where('hash', 'in', hashes).execute()).map((r) => r.hash),
      ...(
        await trx
          .selectFrom('attachments')
          .select('hash')
          .where('hash', 'in', hashes)
          .where('enable', '=', 1)
          .where('deleted_at', 'is', null)
          .execute()
      ).map((r) => r.hash),
    ]);
    const orphans = new Map<string, Purged>();
    for (const d of docs) {
      if (!used.has(d.hash) && !orphans.has(d.hash))
        orphans.set(d.hash, { hash: d.hash, ext: d.ext, pages: Math.max(d.pages, d.preview) });
    }
    if (orphans.size)
      await trx
        .deleteFrom('document_pages')
        .where('hash', 'in', [...orphans.keys()])
        .execute();
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
